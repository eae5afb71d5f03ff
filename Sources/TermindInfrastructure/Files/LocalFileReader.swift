import Glibc
import Synchronization
import TermindApplication

/// An open local file being read with `pread`, so reads at different offsets run at once.
/// Owns its descriptor (closed by `close()` or, failing that, on release); `Sendable`: the
/// descriptor never changes and the closed flag is behind a `Mutex`.
final class LocalFileReader: FileReader {
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

    func read(at offset: UInt64, count: Int) async throws -> [UInt8] {
        guard count > 0 else { return [] }
        guard !closed.withLock({ $0 }) else {
            throw FileSystemError(.failure, location: "local", path: path, detail: "cannot read: the file was closed")
        }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < count {
                let got = pread(descriptor, buffer.baseAddress! + initialized, count - initialized, off_t(offset) + off_t(initialized))
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { return }
                initialized += got
            }
        }
        if failure != 0 { throw FileSystemError(errno: failure, "cannot read", path: path) }
        return bytes
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
