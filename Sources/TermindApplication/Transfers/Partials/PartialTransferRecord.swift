import Foundation

/// What is known to be good in a partial file, saved while the transfer runs and when it
/// stops, so a later `termind cp --resume` can check and continue it: which source it came
/// from and as what (size, mtime), where it goes, and the SHA-256 of the prefix that the
/// destination acknowledged.
public struct PartialTransferRecord: Sendable, Equatable, Codable {
    /// The record's layout; a record of another version is not trusted.
    public static let currentVersion = 1

    public var version: Int
    public var source: TransferAddress
    public var sourceSize: UInt64
    /// The source's mtime (seconds since the epoch) when the partial was written; nil when
    /// the file system did not say.
    public var sourceModified: Int64?
    /// The final path the partial is for.
    public var destination: TransferAddress
    /// The partial file, beside `destination`.
    public var partialPath: String
    /// Bytes from the start of the partial known to be written.
    public var verifiedBytes: UInt64
    /// SHA-256 (lower-case hex) of those bytes.
    public var sha256: String
    public var savedAt: Date
    /// When the partial's first bytes were read from the source (kept across resumes); nil in
    /// records of earlier versions. A source modified shortly before could be rewritten within
    /// the same second, which size and a whole-second mtime cannot tell.
    public var startedAt: Date?
    /// The partial file Termind created (device and inode, or owner, size and mtime): a later
    /// run takes over only a file that matches it. Nil in records of earlier versions, whose
    /// partials are then not taken over.
    public var partial: FileIdentity?
    /// The run that wrote the partial (`TransferEngine.runIdentity`), checked again just before
    /// the rename.
    public var writer: String?

    public init(
        source: TransferAddress, sourceSize: UInt64, sourceModified: Int64?, destination: TransferAddress,
        partialPath: String, verifiedBytes: UInt64, sha256: String, savedAt: Date, startedAt: Date? = nil,
        partial: FileIdentity? = nil, writer: String? = nil
    ) {
        version = Self.currentVersion
        self.source = source
        self.sourceSize = sourceSize
        self.sourceModified = sourceModified
        self.destination = destination
        self.partialPath = partialPath
        self.verifiedBytes = verifiedBytes
        self.sha256 = sha256
        self.savedAt = savedAt
        self.startedAt = startedAt
        self.partial = partial
        self.writer = writer
    }
}
