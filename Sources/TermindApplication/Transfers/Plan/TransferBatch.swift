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
    /// How many directories deep below a source the walk goes (`--max-depth`); a directory
    /// deeper is a failure naming it. 64, as OpenSSH's sftp: a server's tree may loop forever.
    public var maxDepth: Int
    /// How many entries one directory's listing may hold in memory while walked
    /// (`--max-listing`); a directory with more is a failure naming it, not unbounded growth.
    public var maxListing: Int
    /// The permission bits every file of the Batch gets, instead of its source's
    /// (`TransferModes`): an edit's local copy is 0600, and the file it uploads keeps the
    /// remote file's own bits. Nil: the source's.
    public var permissions: UInt32?
    /// The version of the destination this upload replaces (an edit); nil for a copy, whose
    /// existing destinations are conflicts.
    public var replacement: TransferReplacement?

    public static let defaultMaxDepth = 64
    public static let defaultMaxListing = 1_000_000

    public init(
        sources: [TransferEndpoint], destination: TransferEndpoint, recursive: Bool = false,
        resume: Bool = false, conflicts: ConflictHandling = .apply(.fail), waitForWriters: Bool = false,
        preserveMode: Bool = false, maxDepth: Int = defaultMaxDepth, maxListing: Int = defaultMaxListing,
        permissions: UInt32? = nil, replacement: TransferReplacement? = nil
    ) {
        self.permissions = permissions
        self.replacement = replacement
        self.maxDepth = maxDepth
        self.maxListing = maxListing
        self.sources = sources
        self.destination = destination
        self.recursive = recursive
        self.resume = resume
        self.conflicts = conflicts
        self.waitForWriters = waitForWriters
        self.preserveMode = preserveMode
    }
}
