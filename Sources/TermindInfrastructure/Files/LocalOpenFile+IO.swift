import Dispatch
import Glibc
import TermindApplication

/// Reads and writes at explicit offsets (`pread`/`pwrite`, so several run at once), `fsync`,
/// and `fstat`: what readers, writers and partials do with their descriptor.
extension LocalOpenFile {
    func read(at offset: UInt64, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        let descriptor = try liveDescriptor("cannot read")
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

    func write(_ bytes: [UInt8], at offset: UInt64) throws {
        let descriptor = try liveDescriptor("cannot write")
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
        let descriptor = try liveDescriptor("cannot flush to disk")
        let failure = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: fsync(descriptor) == 0 ? 0 : errno)
            }
        }
        guard failure == 0 else { throw FileSystemError(errno: failure, "cannot flush to disk", path: path) }
    }

    func status() throws -> Glibc.stat {
        let descriptor = try liveDescriptor("cannot inspect")
        var status = Glibc.stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(errno: errno, "cannot inspect", path: path) }
        return status
    }
}
