/// An open file being written. Writes at explicit offsets may be issued concurrently; each
/// returns once the file system has taken its bytes.
public protocol FileWriter: Sendable {
    /// The largest write worth sending in one request (`limits@openssh.com` over SFTP).
    var preferredChunkSize: Int { get }
    func write(_ bytes: [UInt8], at offset: UInt64) async throws
    /// Asks the file system to put the bytes on disk (`fsync@openssh.com`; a no-op where the
    /// server lacks it).
    func synchronize() async throws
    func close() async throws
}
