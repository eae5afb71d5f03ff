import TermindApplication

/// The control socket or its directory cannot be used safely (another owner, modes wider than
/// the owner's, not a socket) or at all. Says which path and what to do; Termind never changes
/// the modes of what it did not create.
public struct ControlSocketError: CategorizedFailure, Equatable {
    public let path: String
    public let detail: String

    public init(path: String, detail: String) {
        self.path = path
        self.detail = detail
    }

    public var exitCode: ExitCode { .connectionFailed }

    public var description: String { "control socket \(path): \(detail)" }
}
