import TermindApplication

/// An open local file being read with `pread`, so reads at different offsets run at once.
///
/// `Sendable`: it holds only its `LocalOpenFile`.
final class LocalFileReader: FileReader {
    let preferredChunkSize = LocalFileSystem.chunkSize
    private let file: LocalOpenFile

    init(descriptor: Int32, path: String) {
        file = LocalOpenFile(descriptor: descriptor, path: path)
    }

    func read(at offset: UInt64, count: Int) async throws -> [UInt8] { try file.read(at: offset, count: count) }

    func close() async throws { try file.close() }
}
