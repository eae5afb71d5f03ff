import TermindDomain

/// A file system call that failed: what kind of failure, on which path of which file system,
/// and the server's or system's own message. Never holds file contents or secrets.
public struct FileSystemError: CategorizedFailure, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case noSuchFile = "no-such-file"
        case permissionDenied = "permission-denied"
        case notADirectory = "not-a-directory"
        case isADirectory = "is-a-directory"
        case alreadyExists = "already-exists"
        case directoryNotEmpty = "directory-not-empty"
        case noSpace = "no-space"
        case unsupported
        /// Another writer holds the file's lock.
        case busy
        /// Something other than what the call may touch is at the path: a symlink, a
        /// directory, a FIFO, a file of another owner, or a file swapped while it was opened.
        case unexpectedFile = "unexpected-file"
        /// The server sent something that breaks the protocol (malformed or truncated packet,
        /// an answer to no request): the file system is unusable and closed.
        case protocolViolation = "protocol-violation"
        /// The channel or connection under the file system ended.
        case connectionLost = "connection-lost"
        /// The server left a request unanswered too long: the connection to it was given up.
        case timedOut = "timed-out"
        case failure
    }

    public let kind: Kind
    /// `local`, or the connection's label.
    public let location: String
    /// The path the call was about (empty when none).
    public let path: String
    /// What was being done and the server's or system's own message, as a sentence.
    public let detail: String

    public init(_ kind: Kind, location: String, path: String, detail: String) {
        self.kind = kind
        self.location = location
        self.path = path
        self.detail = detail
    }

    public var exitCode: ExitCode {
        switch kind {
        case .connectionLost, .timedOut: .connectionFailed
        default: .failure
        }
    }

    /// `location:path: detail`, the path escaped as `TerminalSafeText` shows it (a message
    /// may reach a terminal, and a path may come from a server).
    public var description: String {
        let place = path.isEmpty ? location : (location == "local" ? path : "\(location):\(path)")
        return "\(TerminalSafeText(place).text): \(TerminalSafeText.message(detail))"
    }
}
