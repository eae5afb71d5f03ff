/// One partial written through more than one connection (`TransferLanes`). A connection's
/// packets are encrypted on its one worker thread, so a big upload written through a helper
/// connection uses a second core (docs/behaviour.md §4). A helper's write that failed is sent
/// again on the first lane: the same bytes at the same offset.
///
/// The first lane is the partial's own writer, which the transfer owns: it holds the claim,
/// flushes and renames, and `close()` leaves it open. A helper joins only after proving it
/// opened that very file (`RemoteFileSystem.openToWriteBeside`).
final class StripedFileWriter: FileWriter {
    private let lanes: TransferLanes<any FileWriter>
    let preferredChunkSize: Int

    init(_ writer: any FileWriter) {
        lanes = TransferLanes(writer)
        preferredChunkSize = writer.preferredChunkSize
    }

    /// Writes through one lane more; false once closed (the caller then closes `writer` and
    /// gives its connection back).
    func join(_ writer: any FileWriter, release: @escaping @Sendable (_ failed: Bool) async -> Void) -> Bool {
        lanes.join(writer, release: release)
    }

    func write(_ bytes: [UInt8], at offset: UInt64) async throws {
        try await lanes.run { try await $0.write(bytes, at: offset) }
    }

    /// The first lane's flush: every lane writes the same file, which it flushes whole.
    func synchronize() async throws { try await lanes.first.synchronize() }

    /// Closes the helpers' lanes and gives their connections back; the first lane stays open.
    func close() async throws {
        await lanes.closeHelpers { try await $0.close() }
    }
}
