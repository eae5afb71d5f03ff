/// A command line that cannot run: an unknown command or option, a missing or bad value.
/// It exits 2 (ExitCode.usage) after printing the message and the command's usage.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    /// The command path the error belongs to (`["hosts", "add"]`), so usage can be shown.
    public var commandPath: [String]

    public init(_ message: String, commandPath: [String] = []) {
        self.message = message
        self.commandPath = commandPath
    }

    public var description: String { message }
}
