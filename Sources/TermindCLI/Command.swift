/// A `termind` command in the style of swift-argument-parser: it declares its options and
/// arguments, validates them in `init` (so a bad value exits 2 before anything runs), then runs.
/// A command with subcommands is a group (`termind hosts`); run alone, a group shows its help.
public protocol Command: Sendable {
    static var definition: CommandDefinition { get }
    static var subcommands: [any Command.Type] { get }

    /// Reads and validates the parsed values. Throws a usage error naming what was wrong.
    init(_ parsed: ParsedCommandLine) throws(UsageError)

    /// Does the work and returns the process's exit status.
    func run(_ context: CommandContext) async throws -> Int32
}

extension Command {
    public static var subcommands: [any Command.Type] { [] }
}
