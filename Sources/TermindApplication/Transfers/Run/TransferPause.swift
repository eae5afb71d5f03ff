/// A transfer stopped before its commit and able to resume: paused, interrupted, lost its
/// connection, or never started because the Batch stopped first.
public struct TransferPause: Sendable, CustomStringConvertible {
    /// The partial file kept, nil when none was written.
    public let partial: PartialFile?
    /// What stopped it when it was not the person (a lost connection); nil for a pause or an
    /// interruption.
    public let cause: (any Error)?

    public init(partial: PartialFile?, cause: (any Error)? = nil) {
        self.partial = partial
        self.cause = cause
    }

    public var description: String {
        let what = partial.map { "partial file \($0)" } ?? "nothing transferred yet"
        guard let cause else { return "paused; \(what)" }
        return "stopped: \(cause); \(what)"
    }
}
