import Dispatch
import Glibc
import TermindApplication

/// An open local file being written with `pwrite`, so writes at different offsets run at once.
///
/// `Sendable`: it holds only its `LocalOpenFile`.
final class LocalFileWriter: FileWriter {
    let preferredChunkSize = LocalFileSystem.chunkSize
    private let file: LocalOpenFile
    private var path: String { file.path }

    init(descriptor: Int32, path: String) {
        file = LocalOpenFile(descriptor: descriptor, path: path)
    }

    func write(_ bytes: [UInt8], at offset: UInt64) async throws {
        let descriptor = try file.liveDescriptor("cannot write")
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset) + off_t(written))
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += result
            }
        }
        if failure != 0 { throw FileSystemError(errno: failure, "cannot write", path: path) }
    }

    /// `fsync` can take long on a slow disk: it runs on a Dispatch thread, not on one of the
    /// few threads Swift concurrency shares.
    func synchronize() async throws {
        let descriptor = try file.liveDescriptor("cannot flush to disk")
        let failure = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: fsync(descriptor) == 0 ? 0 : errno)
            }
        }
        guard failure == 0 else { throw FileSystemError(errno: failure, "cannot flush to disk", path: path) }
    }

    func close() async throws { try file.close() }
}
