/// A file committed at its destination.
public struct TransferCompletion: Sendable, Equatable {
    /// The file's size: the exact byte count checked before the rename.
    public let bytes: UInt64
    /// SHA-256 (lower-case hex) of the bytes sent, resumed prefix included; nil for a copy the
    /// server made itself (`copy-data`), whose bytes never passed through Termind.
    public let sha256: String?
    /// Bytes read from the source and written this run: less than `bytes` after a resume.
    public let bytesSent: UInt64
    /// The verified prefix a resume continued from (0 for a fresh copy).
    public let resumedFrom: UInt64
    /// The server copied the bytes itself (`copy-data`).
    public let serverSideCopy: Bool

    public init(bytes: UInt64, sha256: String?, bytesSent: UInt64, resumedFrom: UInt64, serverSideCopy: Bool = false) {
        self.bytes = bytes
        self.sha256 = sha256
        self.bytesSent = bytesSent
        self.resumedFrom = resumedFrom
        self.serverSideCopy = serverSideCopy
    }
}
