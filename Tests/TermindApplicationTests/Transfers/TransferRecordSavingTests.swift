import Synchronization
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

/// The partial record is saved beside the transfer, never in its way: a save that takes its
/// time (an fsync on a busy disk) does not stop the reads and writes meanwhile.
final class TransferRecordSavingTests: XCTestCase {
    func testASlowRecordSaveDoesNotHoldUpTheReads() async throws {
        let size = 400_000
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", sampleBytes(size, seed: 3))
        local.addDirectory("/d")
        let store = HeldRecordStore(releaseWhen: { server.counters.bytesRead >= UInt64(size) })
        let tuning = TransferTuning(recordEveryBytes: 10_000)

        let report = await TransferEngine(store: store, tuning: tuning).run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/f.bin")], destination: TransferEndpoint(site(local), "/d")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/f.bin"), sampleBytes(size, seed: 3))
        let first = try XCTUnwrap(store.firstSave)
        XCTAssertLessThan(first.verifiedWhenSaved, UInt64(size), "the first save of a prefix began mid-file")
        XCTAssertTrue(first.released, "the whole file was read while the first save waited")
    }
}

/// A record store whose first save of a verified prefix waits (up to 5 s) until `releaseWhen` holds, noting what it saw.
private final class HeldRecordStore: PartialTransferStore {
    struct FirstSave {
        var verifiedWhenSaved: UInt64
        var released: Bool
    }

    private let inner = InMemoryPartialTransferStore()
    private let releaseWhen: @Sendable () -> Bool
    private let first = Mutex<FirstSave?>(nil)

    init(releaseWhen: @escaping @Sendable () -> Bool) {
        self.releaseWhen = releaseWhen
    }

    var firstSave: FirstSave? { first.withLock { $0 } }

    func save(_ record: PartialTransferRecord) async throws {
        // The record saved as the partial is created comes first; the pipeline's saves follow.
        let isFirst = record.verifiedBytes > 0 && first.withLock { saved -> Bool in
            guard saved == nil else { return false }
            saved = FirstSave(verifiedWhenSaved: record.verifiedBytes, released: false)
            return true
        }
        if isFirst {
            let released = await pollUntil(timeout: .seconds(5)) { releaseWhen() }
            first.withLock { $0?.released = released }
        }
        try await inner.save(record)
    }

    func load(destination: TransferAddress) async throws -> PartialTransferRecord? { try await inner.load(destination: destination) }
    func remove(destination: TransferAddress) async throws { try await inner.remove(destination: destination) }
    func claim(destination: TransferAddress, wait: Bool) async throws -> (any TransferClaim)? {
        try await inner.claim(destination: destination, wait: wait)
    }
    func loadPlacement(sources: [TransferAddress], destination: TransferAddress) async throws -> TransferPlacement? {
        try await inner.loadPlacement(sources: sources, destination: destination)
    }
    func savePlacement(_ placement: TransferPlacement) async throws { try await inner.savePlacement(placement) }
    func removePlacement(sources: [TransferAddress], destination: TransferAddress) async throws {
        try await inner.removePlacement(sources: sources, destination: destination)
    }
}
