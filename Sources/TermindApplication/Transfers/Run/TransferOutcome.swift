/// What became of one entry of a Batch.
public enum TransferOutcome: Sendable {
    /// Waiting for its turn.
    case pending
    case running
    /// A file committed at its destination.
    case completed(TransferCompletion)
    /// A symlink created at its destination, pointing to `target`.
    case linked(target: String)
    /// A directory created, or merged into the one already there.
    case directory(created: Bool)
    case skipped(TransferSkipReason)
    case failed(TransferFailure)
    /// Stopped with its partial kept; `resume` continues it.
    case paused(TransferPause)
    /// Cancelled; its partial removed, except the paths listed (they could not be).
    case cancelled(notRemoved: [String])

    /// Whether the entry is finished for good (not pending, running or paused).
    /// A directory this run created (not one merged into).
    var isCreatedDirectory: Bool {
        if case .directory(created: true) = self { true } else { false }
    }

    public var isFinal: Bool {
        switch self {
        case .pending, .running, .paused: false
        default: true
        }
    }

    /// The partial file it left, if any.
    public var partial: PartialFile? {
        switch self {
        case .paused(let pause): pause.partial
        case .failed(let failure): failure.partial
        default: nil
        }
    }
}
