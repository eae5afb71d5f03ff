/// What a command line asks for once parsed.
public enum ParseOutcome: Sendable {
    case run(any Command, commandPath: [String])
    /// `--help` or `-h` anywhere: help for the command reached so far.
    case help(commandPath: [String])
    case version
}
