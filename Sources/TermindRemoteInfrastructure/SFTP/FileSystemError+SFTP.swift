import TermindApplication

/// What a person can do about each kind of SFTP failure, and the failures of the channel
/// itself, worded the same way everywhere.
extension FileSystemError.Kind {
    /// The advice that ends an SFTP error's detail.
    var sftpAdvice: String {
        switch self {
        case .noSuchFile: "check the path"
        case .permissionDenied: "the account may not do this there; check the permissions or use another account"
        case .notADirectory: "a part of the path is not a directory; check the path"
        case .isADirectory: "it is a directory; choose a file"
        case .alreadyExists: "something already exists there; choose another name or replace it"
        case .directoryNotEmpty: "the directory is not empty; remove what is inside first"
        case .noSpace: "the server's file system is full; free some space there and retry"
        case .unsupported: "the server does not offer this"
        case .busy: "another writer holds it; wait for it to finish"
        case .unexpectedFile: "it is not the file expected there; nothing was touched"
        case .protocolViolation: "the SFTP session was closed; reconnect, and report the server if this repeats"
        case .connectionLost: "reconnect and retry"
        case .timedOut: "it may be overloaded or stuck: try again, or raise --io-timeout"
        case .failure: "the server gave no other reason"
        }
    }
}

extension FileSystemError {
    /// The server broke the protocol: the file system is closed.
    static func sftpProtocolViolation(_ error: SFTPWireError, location: String) -> FileSystemError {
        FileSystemError(.protocolViolation, location: location, path: "",
                        detail: "the server broke the SFTP protocol: \(error.detail); \(Kind.protocolViolation.sftpAdvice)")
    }

    /// The channel under the file system ended: `cause` says how.
    static func sftpConnectionLost(_ cause: String, location: String) -> FileSystemError {
        FileSystemError(.connectionLost, location: location, path: "", detail: "\(cause); \(Kind.connectionLost.sftpAdvice)")
    }

    /// The server left a request unanswered for `limit` after it was sent: the SFTP session
    /// is closed (a server that answers in order is stuck behind it).
    static func sftpTimedOut(_ request: SFTPPacketType, path: String, after limit: Duration, location: String) -> FileSystemError {
        let about = path.isEmpty ? "" : " for \(path)"
        return FileSystemError(.timedOut, location: location, path: "", detail:
            "the server did not answer \(request)\(about) in \(limit.secondsText); \(Kind.timedOut.sftpAdvice)")
    }

    /// The same failure as seen by a call about `path` doing `what`: channel-wide failures
    /// (lost connection, protocol violation) name the call's path too.
    func sftpNaming(path: String, doing what: String) -> FileSystemError {
        guard self.path.isEmpty else { return self }
        return FileSystemError(kind, location: location, path: path, detail: "\(what) failed: \(detail)")
    }
}
