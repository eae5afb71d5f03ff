/// A destination typed on the command line that cannot be used: what was typed, what is
/// wrong, and the form that works. Never holds key material.
public enum AdHocTargetError: CategorizedFailure, Equatable {
    /// The `[user@]hostname[:port]` text cannot be read (exit 2, a bad value).
    case invalidDestination(String, reason: String)
    /// The user name (from `user@` or `-l`) cannot be sent (exit 2).
    case invalidUser(String, reason: String)
    /// The `-i` key file is not a usable private key (exit 1).
    case unusableKeyFile(path: String, reason: String)

    public var exitCode: ExitCode {
        switch self {
        case .invalidDestination, .invalidUser: .usage
        case .unusableKeyFile: .failure
        }
    }

    public var description: String {
        switch self {
        case .invalidDestination(let text, let reason):
            "'\(text)' is not a destination: \(reason); write [user@]hostname[:port], "
                + "e.g. deploy@web.example.com:2222, [::1]:2222, or a Host label from 'termind hosts list'"
        case .invalidUser(let text, let reason):
            "'\(text)' is not a user name: \(reason)"
        case .unusableKeyFile(let path, let reason):
            "the key file \(path) cannot be used: \(reason)"
        }
    }
}
