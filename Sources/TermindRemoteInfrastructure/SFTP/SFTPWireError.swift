/// Bytes from the server that break SFTP: a truncated or malformed packet, a length beyond
/// what Termind accepts, an answer to no request. The codec throws it without knowing the
/// connection; the client turns it into `FileSystemError(.protocolViolation, …)` and closes
/// the file system.
struct SFTPWireError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, as a phrase: "the DATA reply ends inside its data".
    let detail: String

    init(_ detail: String) {
        self.detail = detail
    }

    var description: String { detail }
}
