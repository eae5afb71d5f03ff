import Dispatch
import Glibc
import Synchronization
import TermindApplication

/// An open local file being written with `pwrite`, so writes at different offsets run at once.
/// Owns its descriptor (closed by `close()` or, failing that, on release); `Sendable`: the
/// descriptor never changes and the closed flag is behind a `Mutex`.
final class LocalFileWriter: FileWriter {
    let preferredChunkSize = LocalFileSystem.chunkSize
    private let descriptor: Int32
    private let path: String
    private let closed = Mutex(false)

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        if !closed.withLock({ $0 }) { Glibc.close(descriptor) }
    }

    func write(_ bytes: [UInt8], at offset: UInt64) async throws {
        guard !closed.withLock({ $0 }) else {
            throw FileSystemError(.failure, location: "local", path: path, detail: "cannot write: the file was closed")
        }
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
        let descriptor = descriptor
        let failure = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: fsync(descriptor) == 0 ? 0 : errno)
            }
        }
        guard failure == 0 else { throw FileSystemError(errno: failure, "cannot flush to disk", path: path) }
    }

    func close() async throws {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        guard Glibc.close(descriptor) == 0 else { throw FileSystemError(errno: errno, "cannot close", path: path) }
    }
}
