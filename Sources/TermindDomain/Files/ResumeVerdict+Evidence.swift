import Foundation

extension ResumeVerdict {
    /// The earlier run's partial-transfer record, as the verdict reads it.
    public struct Record: Sendable, Equatable {
        /// The record is of the current layout and was written from this transfer's source.
        public var describesThisSource: Bool
        /// It names the partial file at this destination.
        public var namesThisPartial: Bool
        /// The source's size and mtime when the partial was written.
        public var sourceSize: UInt64
        public var sourceModified: Int64?
        /// Bytes from the start of the partial known to be written, and their SHA-256 (hex).
        public var verifiedBytes: UInt64
        public var sha256: String
        /// When the partial's first bytes were read (nil in records of earlier versions), and
        /// when the record was saved.
        public var startedAt: Date?
        public var savedAt: Date

        public init(
            describesThisSource: Bool, namesThisPartial: Bool, sourceSize: UInt64, sourceModified: Int64?,
            verifiedBytes: UInt64, sha256: String, startedAt: Date?, savedAt: Date
        ) {
            self.describesThisSource = describesThisSource
            self.namesThisPartial = namesThisPartial
            self.sourceSize = sourceSize
            self.sourceModified = sourceModified
            self.verifiedBytes = verifiedBytes
            self.sha256 = sha256
            self.startedAt = startedAt
            self.savedAt = savedAt
        }
    }

    /// What the transfer found at the partial's name when it opened it.
    public enum Partial: Sendable, Equatable {
        /// Nothing was there: the partial was created new.
        case created
        /// A file was there: its size (nil when unknown), and whether it is the file the
        /// record's partial identity names.
        case found(size: UInt64?, isTheRecordedFile: Bool)
    }

    /// The source as the transfer sees it now.
    public struct Source: Sendable, Equatable {
        public var size: UInt64
        /// Whole seconds since the epoch; nil when the file system did not say.
        public var modified: Int64?
        /// On this machine (reading its prefix again is cheap).
        public var isLocal: Bool

        public init(size: UInt64, modified: Int64?, isLocal: Bool) {
            self.size = size
            self.modified = modified
            self.isLocal = isLocal
        }
    }
}
