import TermindApplication
import TermindDomain

/// A STATUS other than OK answering a request about `path`, before it becomes a
/// `FileSystemError`: the client may first look closer (a FAILURE from OpenSSH covers many
/// errno values) and name a more precise kind.
package struct SFTPStatusError: Error, Sendable {
    let status: SFTPStatus
    let path: String
    /// What was being done, for the message: "creating the directory".
    let what: String

    /// The kind the status code names by itself.
    var kind: FileSystemError.Kind {
        switch status.code {
        case .noSuchFile, .noSuchPath: .noSuchFile
        case .permissionDenied, .writeProtect: .permissionDenied
        case .operationUnsupported: .unsupported
        case .noConnection, .connectionLost: .connectionLost
        case .fileAlreadyExists: .alreadyExists
        case .noSpaceOnFileSystem, .quotaExceeded: .noSpace
        case .directoryNotEmpty: .directoryNotEmpty
        case .notADirectory: .notADirectory
        case .fileIsADirectory: .isADirectory
        case .ok, .endOfFile, .failure, .badMessage, .other: .failure
        }
    }

    /// Whether the code leaves room for a closer look: OpenSSH answers FAILURE for most errno
    /// values and NO_SUCH_FILE for ENOTDIR too.
    var isAmbiguous: Bool { kind == .failure || kind == .noSuchFile }

    /// What the server's own words tell, when its code does not: servers that pass on
    /// strerror(3) (asyncssh, many others) say "Not a directory" with FAILURE or NO_SUCH_FILE.
    var messageFinding: (kind: FileSystemError.Kind, note: String)? {
        let message = status.message.lowercased()
        let phrases: [(String, FileSystemError.Kind)] = [
            ("not a directory", .notADirectory), ("is a directory", .isADirectory), ("file exists", .alreadyExists),
            ("already exists", .alreadyExists), ("directory not empty", .directoryNotEmpty),
            ("no space", .noSpace), ("quota", .noSpace),
        ]
        guard let match = phrases.first(where: { message.contains($0.0) }) else { return nil }
        return (match.1, "the server's message says so")
    }

    /// The error a person sees: what failed, the server's own words and code, what a closer
    /// look found (`finding`, which sets the kind), and what to do.
    func fileSystemError(location: String, finding: (kind: FileSystemError.Kind, note: String)? = nil) -> FileSystemError {
        let message = Self.displayable(status.message)
        let said = message.isEmpty ? "the server sent \(status.code) without a message" : "the server says “\(message)” (\(status.code))"
        let kind = finding?.kind ?? kind
        let note = finding.map { "; \($0.note)" } ?? ""
        return FileSystemError(kind, location: location, path: path, detail: "\(what) failed: \(said)\(note); \(kind.sftpAdvice)")
    }

    /// The server's message as safe to print: control characters (which could drive the
    /// person's terminal) are escaped as `TerminalSafeText` shows them, surrounding space
    /// goes, and it stays short.
    package static func displayable(_ message: String) -> String {
        var scalars = Substring(message).unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        return TerminalSafeText(String(String.UnicodeScalarView(scalars.prefix(200)))).text
    }
}
