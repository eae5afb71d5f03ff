import Foundation

/// What a transfer does with the file at its partial's name when it starts: refuse it, start
/// over, read back the partial's first bytes (and the source's) before continuing, or continue.
/// Decided from values alone (the earlier run's record, the partial found, the source as it is
/// now); the transfer job reads the files and carries the verdict out.
///
/// The checks run in this order, and the first that fails decides:
/// - a partial found there must be one an earlier run of this user recorded (else `refuse`:
///   nothing is touched);
/// - resuming must be asked for, the record must be of this layout and this source, the source
///   must have its recorded size and mtime, and the partial must be at least as long as its
///   verified prefix (else `restart` with the reason);
/// - the partial's prefix must hash to the recorded SHA-256, and the source's too when size and
///   a whole-second mtime could hide a rewrite (`hashThePrefix`, then `PrefixCheck.verdict`).
public enum ResumeVerdict: Sendable, Equatable {
    /// What is at the partial's name is not this user's recorded partial: the copy fails naming
    /// it, and nothing there is touched.
    case refuse(Refusal)
    /// The partial is emptied and the file copied from its first byte. The reason is reported
    /// (a `restarted` event); nil when there was no earlier partial to replace.
    case restart(TransferRestartReason?)
    /// The prefix must be read back and hashed before the partial is continued.
    case hashThePrefix(PrefixCheck)
    /// The partial is continued at the end of its verified prefix.
    case `continue`(Continuation)

    /// Why the file at the partial's name is not taken over.
    public enum Refusal: Sendable, Equatable {
        /// No partial-transfer record of this user names it.
        case unrecorded
        /// A record names the path, but the file there is not the one it recorded (another
        /// device and inode, or owner, size and mtime) and is not empty.
        case notTheRecordedFile
    }

    /// Where a continued partial picks up.
    public struct Continuation: Sendable, Equatable {
        /// The bytes kept: their length and SHA-256.
        public var prefix: VerifiedPrefix
        /// The partial holds more than the prefix: it is cut to `prefix.length` first.
        public var cutsTheTail: Bool
        /// When the partial's first bytes were read from the source (kept across resumes).
        public var startedAt: Date

        public init(prefix: VerifiedPrefix, cutsTheTail: Bool, startedAt: Date) {
            self.prefix = prefix
            self.cutsTheTail = cutsTheTail
            self.startedAt = startedAt
        }
    }

    /// A remote source whose mtime lies this close to when its copy began may have been
    /// rewritten within the same second, which size and a whole-second mtime cannot tell.
    public static let rewriteWindow: TimeInterval = 10

    /// The verdict for a partial found (or created) at the destination. `resuming`: the copy
    /// was asked to continue an earlier partial (`--resume`).
    public static func decide(record: Record?, partial: Partial, source: Source, resuming: Bool) -> ResumeVerdict {
        guard case .found(let size, let isTheRecordedFile) = partial else {
            // Created just now: a record that named a partial here means the partial is gone.
            return .restart(resuming && record != nil ? .partialMissing : nil)
        }
        guard let record, record.namesThisPartial else { return .refuse(.unrecorded) }
        // An empty file the record names is what a run killed before it recorded the
        // partial's identity leaves.
        guard isTheRecordedFile || size == 0 else { return .refuse(.notTheRecordedFile) }
        guard resuming else { return .restart(.resumeNotRequested) }
        guard record.describesThisSource else { return .restart(.noRecord) }
        guard record.sourceSize == source.size, record.sourceModified == source.modified,
            record.verifiedBytes <= source.size
        else { return .restart(.sourceChanged) }
        let partialSize = size ?? 0
        guard partialSize >= record.verifiedBytes else { return .restart(.partialShorter) }
        let continuation = Continuation(
            prefix: VerifiedPrefix(length: record.verifiedBytes, sha256: record.sha256),
            cutsTheTail: partialSize > record.verifiedBytes, startedAt: record.startedAt ?? record.savedAt)
        return .hashThePrefix(PrefixCheck(
            of: .partial, then: continuation, andTheSource: sourceMayHideARewrite(record: record, source: source)))
    }

    /// Whether size and mtime may hide a rewrite of the source, so its prefix must be hashed
    /// too: always for a local source (reading it is cheap); for a remote one when its mtime
    /// lies within `rewriteWindow` of when the copy began (or either is unknown).
    static func sourceMayHideARewrite(record: Record, source: Source) -> Bool {
        guard record.verifiedBytes > 0 else { return false }
        guard !source.isLocal, let modified = record.sourceModified, let startedAt = record.startedAt else { return true }
        return abs(startedAt.timeIntervalSince1970 - Double(modified)) <= rewriteWindow
    }
}
