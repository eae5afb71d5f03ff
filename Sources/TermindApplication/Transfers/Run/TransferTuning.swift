/// How hard one transfer pushes: requests and bytes in flight, and how often it saves its
/// partial-transfer record and reports progress. The defaults keep at most 64 chunks (and
/// 16 MiB) of one file in memory between reads and writes.
public struct TransferTuning: Sendable, Equatable {
    /// Reads and writes in flight for one file, together.
    public var maximumRequestsInFlight: Int
    /// Bytes held for one file between the reads issued and the writes acknowledged.
    public var maximumBytesInFlight: Int
    /// Chunk size when a reader or writer names none.
    public var fallbackChunkSize: Int
    /// Save the partial-transfer record after this many more verified bytes...
    public var recordEveryBytes: UInt64
    /// ...or after this long, whichever comes first.
    public var recordEvery: Duration
    /// At most one progress event per file this often (and always one at the end).
    public var progressEvery: Duration
    /// The walk of a tree waits while this many entries are queued and not started.
    public var walkAhead: Int
    /// A remote file this big or bigger gets a helper connection, when an extra one can be had
    /// at once: a download reads through it too (`StripedFileReader`), an upload flushes its
    /// partial through it (`FlushAhead`).
    public var helperFromBytes: UInt64
    /// An upload with a flush helper (`FlushAhead`) flushes its partial after this many more bytes.
    public var flushAheadEveryBytes: UInt64

    public init(
        maximumRequestsInFlight: Int = 64, maximumBytesInFlight: Int = 16 << 20, fallbackChunkSize: Int = 32 << 10,
        recordEveryBytes: UInt64 = 8 << 20, recordEvery: Duration = .seconds(1), progressEvery: Duration = .milliseconds(100),
        walkAhead: Int = 10_000, helperFromBytes: UInt64 = 64 << 20, flushAheadEveryBytes: UInt64 = 64 << 20
    ) {
        self.maximumRequestsInFlight = max(1, maximumRequestsInFlight)
        self.maximumBytesInFlight = max(1, maximumBytesInFlight)
        self.fallbackChunkSize = max(1, fallbackChunkSize)
        self.recordEveryBytes = max(1, recordEveryBytes)
        self.recordEvery = recordEvery
        self.progressEvery = progressEvery
        self.walkAhead = max(1, walkAhead)
        self.helperFromBytes = helperFromBytes
        self.flushAheadEveryBytes = max(1, flushAheadEveryBytes)
    }

    /// Chunks of `chunkSize` one file may have in flight.
    func window(chunkSize: Int) -> Int {
        max(1, min(maximumRequestsInFlight, maximumBytesInFlight / max(1, chunkSize)))
    }
}
