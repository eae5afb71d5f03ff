import Glibc
import TermindApplication

/// An open local file being read with `pread`, so reads at different offsets run at once.
///
/// `Sendable`: it holds only its `LocalOpenFile`.
final class LocalFileReader: FileReader {
    let preferredChunkSize = LocalFileSystem.chunkSize
    private let file: LocalOpenFile
    private var path: String { file.path }

    init(descriptor: Int32, path: String) {
        file = LocalOpenFile(descriptor: descriptor, path: path)
    }

    func read(at offset: UInt64, count: Int) async throws -> [UInt8] {
        guard count > 0 else { return [] }
        let descriptor = try file.liveDescriptor("cannot read")
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

    func close() async throws { try file.close() }
}
