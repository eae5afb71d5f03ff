/// The counts of a Batch report, for the summary line and `--json`.
public struct TransferTotals: Sendable, Equatable {
    /// Regular files in the Batch.
    public var files = 0
    public var completed = 0
    public var skipped = 0
    public var failed = 0
    public var paused = 0
    public var cancelled = 0
    /// Symlinks created.
    public var linked = 0
    /// Directories created (merged ones are not counted).
    public var directoriesCreated = 0
    /// Bytes of the completed files.
    public var bytes: UInt64 = 0
    /// Bytes read and written this run (less than `bytes` when partials were resumed).
    public var bytesSent: UInt64 = 0

    public init() {}
}
