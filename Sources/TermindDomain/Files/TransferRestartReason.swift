/// Why a transfer started its file over instead of continuing a partial. Always reported in an
/// event: nothing is silently replayed.
public enum TransferRestartReason: String, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The source's size or mtime differ from the ones the partial was written from.
    case sourceChanged = "source-changed"
    /// The source's first bytes no longer hash to what the partial holds: rewritten at the same
    /// size and modification time (within the same second, or with `touch -r`).
    case sourceRewritten = "source-rewritten"
    /// The partial's prefix no longer hashes to the recorded digest.
    case partialChanged = "partial-changed"
    /// The partial is shorter than its record says was verified.
    case partialShorter = "partial-shorter"
    /// A partial is there but no record says what it holds (or it is for another source).
    case noRecord = "no-record"
    /// A record is there but its partial file is gone.
    case partialMissing = "partial-missing"
    /// The partial could not be read back to check it.
    case partialUnreadable = "partial-unreadable"
    /// A partial from an earlier run is there, and resuming was not asked for.
    case resumeNotRequested = "resume-not-requested"

    public var description: String {
        switch self {
        case .sourceChanged: "source changed since the partial was written; starting over"
        case .sourceRewritten:
            "the source's first bytes differ from those the partial holds (rewritten at the same size and time); starting over"
        case .partialChanged: "the partial file no longer matches its recorded digest; starting over"
        case .partialShorter: "the partial file is shorter than recorded; starting over"
        case .noRecord: "no record says what the partial file holds; starting over"
        case .partialMissing: "the partial file is gone; starting over"
        case .partialUnreadable: "the partial file could not be read back to check it; starting over"
        case .resumeNotRequested: "replacing the partial file of an earlier run (resume to continue one instead)"
        }
    }
}
