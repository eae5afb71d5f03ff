import Foundation
import TermindApplication

/// One file of the partial-transfer records directory as `termind cp --list-partials` shows
/// it: a record (with what it says), a Batch's placement, a lock file of an earlier version,
/// a record's write that never finished, or a file that is none of these; and when it was last
/// saved.
public struct StoredPartialRecord: Sendable {
    public enum Content: Sendable {
        case record(PartialTransferRecord)
        case placement
        /// `KEY.lock`, one per destination, as versions before `claims.lock` left them.
        case legacyLock
        /// `.record-XXXXXX`, the temporary file a record is written to before its rename: left
        /// behind when a process is killed between the two.
        case unfinishedWrite
        /// A `.json` file that does not read as a record: why.
        case unreadable(String)
    }

    /// The file's path.
    public let file: String
    public let content: Content
    /// The record's `savedAt`, else the file's mtime.
    public let savedAt: Date

    public var record: PartialTransferRecord? {
        if case .record(let record) = content { return record }
        return nil
    }

    /// An unfinished write younger than this may be one another process is making now (for
    /// milliseconds), whatever age is asked.
    static let unfinishedWriteAge: TimeInterval = 3600

    /// Whether it was saved more than `age` before `now` (an unfinished write: and an hour).
    public func isStale(now: Date, age: TimeInterval) -> Bool {
        if case .unfinishedWrite = content { return now.timeIntervalSince(savedAt) > max(age, Self.unfinishedWriteAge) }
        return now.timeIntervalSince(savedAt) > age
    }
}
