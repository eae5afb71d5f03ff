/// One source file read through more than one connection (`TransferLanes`). A connection's
/// packets are decrypted on its one worker thread, so a big download read through a helper
/// connection uses a second core (docs/behaviour.md §4). The first lane is the transfer's own
/// reader.
final class StripedFileReader: FileReader {
    private let lanes: TransferLanes<any FileReader>
    let preferredChunkSize: Int

    init(_ reader: any FileReader) {
        lanes = TransferLanes(reader)
        preferredChunkSize = reader.preferredChunkSize
    }

    /// Reads through one lane more; false once closed (the caller then closes `reader` and
    /// gives its connection back).
    func join(_ reader: any FileReader, release: @escaping @Sendable (_ failed: Bool) async -> Void) -> Bool {
        lanes.join(reader, release: release)
    }

    func read(at offset: UInt64, count: Int) async throws -> [UInt8] {
        try await lanes.run { try await $0.read(at: offset, count: count) }
    }

    /// Closes every lane and gives the helpers' connections back; the first lane's close
    /// error, if any, is the one thrown.
    func close() async throws {
        await lanes.closeHelpers { try await $0.close() }
        try await lanes.first.close()
    }
}
