import TermindApplication

/// An open local file being written with `pwrite`, so writes at different offsets run at once.
///
/// `Sendable`: it holds only its `LocalOpenFile`.
final class LocalFileWriter: FileWriter {
    let preferredChunkSize = LocalFileSystem.chunkSize
    private let file: LocalOpenFile
    private let writeback = WritebackPacer()

    init(descriptor: Int32, path: String) {
        file = LocalOpenFile(descriptor: descriptor, path: path)
    }

    func write(_ bytes: [UInt8], at offset: UInt64) async throws {
        try file.write(bytes, at: offset)
        writeback.wrote(through: offset + UInt64(bytes.count), descriptor: try file.liveDescriptor("cannot write"))
    }

    func synchronize() async throws { try await file.synchronize() }

    func close() async throws { try file.close() }
}
