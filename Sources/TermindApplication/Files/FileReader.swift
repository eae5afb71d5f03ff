/// An open file being read. Reads at explicit offsets may be issued concurrently: that is how
/// a transfer keeps many SFTP requests in flight.
public protocol FileReader: Sendable {
    /// The largest `count` worth asking for in one read (`limits@openssh.com` over SFTP).
    var preferredChunkSize: Int { get }
    /// Reads up to `count` bytes at `offset`; fewer only at the end of the file, none past it.
    func read(at offset: UInt64, count: Int) async throws -> [UInt8]
    func close() async throws
}
