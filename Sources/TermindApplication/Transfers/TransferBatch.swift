import TermindDomain

/// One copy the person asked for: sources into a destination, as `termind cp SRC... DST` or a
/// browser selection dropped on the other pane. Its files are the Batch's transfers.
public struct TransferBatch: Sendable {
    public var sources: [TransferEndpoint]
    /// An existing directory takes each source under its own name; otherwise a single source
    /// is copied to this path (`cp` rules, see `TransferTarget`).
    public var destination: TransferEndpoint
    /// Copy directory trees (`-r`); without it a directory source is refused.
    public var recursive: Bool
    /// Continue partials an earlier run left after verifying their prefix (`--resume`); a
    /// destination already equal in size and mtime to its source is then skipped as done.
    /// Without it an existing partial is replaced from zero.
    public var resume: Bool
    /// What to do when a destination file exists.
    public var conflicts: ConflictHandling
    /// Wait for another transfer writing a destination to finish instead of failing at once
    /// (`--wait`).
    public var waitForWriters: Bool
    /// Keep setuid, setgid and sticky bits when copying onto a server (`--preserve-mode`);
    /// a download never sets them, and read, write and execute bits are always kept
    /// (`TransferModes`).
    public var preserveMode: Bool

    public init(
        sources: [TransferEndpoint], destination: TransferEndpoint, recursive: Bool = false,
        resume: Bool = false, conflicts: ConflictHandling = .apply(.fail), waitForWriters: Bool = false,
        preserveMode: Bool = false
    ) {
        self.sources = sources
        self.destination = destination
        self.recursive = recursive
        self.resume = resume
        self.conflicts = conflicts
        self.waitForWriters = waitForWriters
        self.preserveMode = preserveMode
    }
}
