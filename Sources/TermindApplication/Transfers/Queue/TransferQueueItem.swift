import TermindDomain

/// One line of the transfer queue: a file (or symlink) of a Batch this run started, or a
/// transfer an earlier run left interrupted (its partial record), with how far it is.
public struct TransferQueueItem: Sendable, Equatable, Identifiable {
    public enum ID: Sendable, Hashable {
        /// An entry of a Batch of this run's engine.
        case transfer(TransferID)
        /// A partial record an earlier run left, by its destination.
        case interrupted(TransferAddress)
        /// A Batch that failed as a whole (a source missing, a connection refused).
        case batch(TransferBatchID)
    }

    public enum State: Sendable, Equatable {
        case waiting
        case running
        /// Stopped with its partial kept; resume continues it.
        case paused
        case done
        case skipped(String)
        /// Why, in the engine's words; `resumable` when it kept a partial to continue.
        case failed(String, resumable: Bool)
        /// Its partial removed, except the paths listed (they could not be).
        case cancelled(notRemoved: [String])
        /// Left by an earlier run: listed, never replayed by itself.
        case interrupted

        public var word: String {
            switch self {
            case .waiting: "waiting"
            case .running: "running"
            case .paused: "paused"
            case .done: "done"
            case .skipped: "skipped"
            case .failed: "failed"
            case .cancelled: "cancelled"
            case .interrupted: "interrupted"
            }
        }
    }

    public let id: ID
    public var direction: TransferDirection
    public var source: TransferAddress
    public var destination: TransferAddress
    /// Bytes at the destination, a resumed prefix included.
    public var bytesDone: UInt64
    /// The file's size; nil until it starts (a waiting entry of a walk).
    public var totalBytes: UInt64?
    /// This run's rate; nil when not running.
    public var bytesPerSecond: Double?
    public var state: State

    public init(
        id: ID, source: TransferAddress, destination: TransferAddress, bytesDone: UInt64 = 0, totalBytes: UInt64? = nil,
        bytesPerSecond: Double? = nil, state: State
    ) {
        self.id = id
        direction = TransferDirection(source: source.location, destination: destination.location)
        self.source = source
        self.destination = destination
        self.bytesDone = bytesDone
        self.totalBytes = totalBytes
        self.bytesPerSecond = bytesPerSecond
        self.state = state
    }

    /// What is left at the current rate; nil when not running or the rate is unknown.
    public var timeLeft: Duration? {
        guard state == .running, let rate = bytesPerSecond, rate > 0, let totalBytes else { return nil }
        return .milliseconds(Int64(Double(totalBytes &- min(bytesDone, totalBytes)) / rate * 1000))
    }

    /// Counted by the status bar: running or waiting its turn.
    public var isActive: Bool { state == .running || state == .waiting }

    /// Done, skipped, failed for good or cancelled: "clear finished" drops it.
    public var isFinished: Bool {
        switch state {
        case .done, .skipped, .cancelled: true
        case .failed(_, let resumable): !resumable
        default: false
        }
    }

    public var canPause: Bool { isActive }

    public var canResume: Bool {
        switch state {
        case .paused, .interrupted, .failed(_, resumable: true): true
        default: false
        }
    }

    /// Cancel stops it and removes its partial; for an interrupted one, discards it.
    public var canCancel: Bool { !isFinished }
}
