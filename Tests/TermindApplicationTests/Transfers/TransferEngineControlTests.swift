import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

/// Pause, resume and cancel of one transfer and of a Batch; Ctrl-C (task cancellation) keeps
/// partials; at most `parallel` transfers at once.
final class TransferEngineControlTests: XCTestCase {
    private let bytes = sampleBytes(100_000, seed: 21)

    /// A download held at 50,000 bytes until the gate opens.
    private func heldDownload() -> (MemoryFileSystem, MemoryFileSystem, TransferBatch) {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", bytes)
        local.addDirectory("/d")
        local.faults.gateAtOffset = 50_000
        let batch = TransferBatch(sources: [TransferEndpoint(site(server), "/f.bin")], destination: TransferEndpoint(site(local), "/d"))
        return (server, local, batch)
    }

    func testPauseKeepsThePartialAndResumeContinuesItInTheSameProcess() async throws {
        let (server, local, batch) = heldDownload()
        let events = EventRecorder()
        let engine = TransferEngine(observer: events.observer)
        let id = await engine.submit(batch)
        await local.gateReached()

        await engine.pause(TransferID(batch: id, index: 0))
        let paused = await engine.wait(for: id)

        let pause = try XCTUnwrap(paused.pause(of: "/f.bin"))
        XCTAssertNil(pause.cause)
        let kept = try XCTUnwrap(pause.partial?.bytesKept)
        XCTAssertGreaterThan(kept, 0)
        XCTAssertLessThanOrEqual(kept, 50_000)
        XCTAssertEqual(paused.exitCode, .transferIncomplete)
        XCTAssertNotNil(local.node("/d/.f.bin.termind-partial"))

        server.resetCounters()
        local.openGate()
        await engine.resume(TransferID(batch: id, index: 0))
        let resumed = await engine.wait(for: id)

        XCTAssertEqual(resumed.exitCode, .success)
        XCTAssertEqual(local.contents("/d/f.bin"), bytes)
        let completion = try XCTUnwrap(resumed.completion(of: "/f.bin"))
        XCTAssertEqual(completion.resumedFrom, kept)
        XCTAssertEqual(server.counters.bytesRead, 100_000 - kept)
        XCTAssertEqual(completion.sha256, ContentDigest.hex(of: bytes))
        XCTAssertTrue(events.restarts.isEmpty)
    }

    func testCancelRemovesThePartialAndItsRecord() async throws {
        let (_, local, batch) = heldDownload()
        let store = InMemoryPartialTransferStore()
        let engine = TransferEngine(store: store, tuning: TransferTuning(recordEveryBytes: 1000))
        let id = await engine.submit(batch)
        await local.gateReached()

        await engine.cancel(TransferID(batch: id, index: 0))
        let report = await engine.wait(for: id)

        guard case .cancelled(let notRemoved)? = report.outcome(of: "/f.bin") else { return XCTFail("not cancelled") }
        XCTAssertEqual(notRemoved, [])
        XCTAssertNil(local.node("/d/.f.bin.termind-partial"))
        XCTAssertNil(local.node("/d/f.bin"))
        let record = await store.load(destination: TransferAddress(location: "local", path: "/d/f.bin"))
        XCTAssertNil(record)
        XCTAssertEqual(report.totals.cancelled, 1)
    }

    func testCancelReportsAPartialItCouldNotRemove() async throws {
        let (_, local, batch) = heldDownload()
        local.faults.unremovable = ["/d/.f.bin.termind-partial"]
        let engine = TransferEngine()
        let id = await engine.submit(batch)
        await local.gateReached()

        await engine.cancel(batch: id)
        let report = await engine.wait(for: id)

        guard case .cancelled(let notRemoved)? = report.outcome(of: "/f.bin") else { return XCTFail("not cancelled") }
        XCTAssertEqual(notRemoved, ["/d/.f.bin.termind-partial"])
        XCTAssertEqual(report.notRemoved, [TransferAddress(location: "local", path: "/d/.f.bin.termind-partial")])
        XCTAssertEqual(report.exitCode, .transferIncomplete)
    }

    func testCancellingAPausedTransferRemovesItsPartial() async throws {
        let (_, local, batch) = heldDownload()
        let engine = TransferEngine()
        let id = await engine.submit(batch)
        await local.gateReached()
        await engine.pause(batch: id)
        _ = await engine.wait(for: id)
        XCTAssertNotNil(local.node("/d/.f.bin.termind-partial"))

        await engine.cancel(TransferID(batch: id, index: 0))
        await eventually { await engine.report(for: id)?.outcome(of: "/f.bin").map { if case .cancelled = $0 { true } else { false } } == true }
        let report = await engine.wait(for: id)

        XCTAssertNil(local.node("/d/.f.bin.termind-partial"))
        XCTAssertEqual(report.totals.cancelled, 1)
    }

    func testCancellingAPausedTransferLeavesThePartialWhileAnotherTransferWritesTheDestination() async throws {
        let (_, local, batch) = heldDownload()
        let store = InMemoryPartialTransferStore()
        let engine = TransferEngine(store: store)
        let id = await engine.submit(batch)
        await local.gateReached()
        await engine.pause(batch: id)
        _ = await engine.wait(for: id)
        // Another transfer has since taken the destination (and may be writing its partial).
        let other = try await store.claim(destination: TransferAddress(location: "local", path: "/d/f.bin"), wait: false)
        XCTAssertNotNil(other)

        await engine.cancel(TransferID(batch: id, index: 0))
        await eventually { await engine.report(for: id)?.outcome(of: "/f.bin").map { if case .cancelled = $0 { true } else { false } } == true }
        let report = await engine.wait(for: id)

        XCTAssertNotNil(local.node("/d/.f.bin.termind-partial"))
        guard case .cancelled(let notRemoved)? = report.outcome(of: "/f.bin") else { return XCTFail("not cancelled") }
        XCTAssertEqual(notRemoved, ["/d/.f.bin.termind-partial"])
        await other?.release()
    }

    func testCancellingTheWaitingTaskInterruptsKeepingPartials() async throws {
        let (_, local, batch) = heldDownload()
        let store = InMemoryPartialTransferStore()
        let engine = TransferEngine(store: store)

        let waiting = Task { await engine.run(batch) }
        await local.gateReached()
        waiting.cancel()
        let report = await waiting.value

        XCTAssertTrue(report.interrupted)
        XCTAssertEqual(report.exitCode, .interrupted)
        let partial = try XCTUnwrap(report.pause(of: "/f.bin")?.partial)
        XCTAssertNotNil(local.node(partial.address.path))
        let record = await store.load(destination: TransferAddress(location: "local", path: "/d/f.bin"))
        XCTAssertEqual(record?.verifiedBytes, partial.bytesKept)
    }

    func testAtMostParallelTransfersRunAtOnce() async {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        for index in 0..<10 { server.addFile("/s/f\(index)", sampleBytes(5000, seed: UInt64(index))) }
        local.addDirectory("/d")
        local.faults.writeDelay = { _ in .milliseconds(20) }

        let report = await TransferEngine(parallel: 3).run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/s")], destination: TransferEndpoint(site(local), "/d"), recursive: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(report.totals.completed, 10)
        XCTAssertEqual(local.counters.maxOpenWriters, 3)
    }

    func testPausingTheBatchPausesWaitingTransfersAndResumingItFinishesThem() async throws {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        for index in 0..<4 { server.addFile("/s/f\(index)", sampleBytes(100_000, seed: UInt64(index))) }
        local.addDirectory("/d")
        local.faults.gateAtOffset = 50_000
        let engine = TransferEngine(parallel: 1)
        let id = await engine.submit(TransferBatch(
            sources: [TransferEndpoint(site(server), "/s")], destination: TransferEndpoint(site(local), "/d"), recursive: true))
        await local.gateReached()

        await engine.pause(batch: id)
        let paused = await engine.wait(for: id)
        XCTAssertEqual(paused.totals.paused, 4)
        XCTAssertEqual(paused.partials.count, 1, "only the running transfer had written a partial")

        local.openGate()
        await engine.resume(batch: id)
        let resumed = await engine.wait(for: id)

        XCTAssertEqual(resumed.exitCode, .success)
        for index in 0..<4 { XCTAssertEqual(local.contents("/d/s/f\(index)"), sampleBytes(100_000, seed: UInt64(index))) }
    }

    func testABatchInterruptedWhileMakingDirectoriesResumesThemBeforeTheirFiles() async throws {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        for index in 0..<6 { server.addFile("/t/d\(index)/f", sampleBytes(100, seed: UInt64(index))) }
        local.addDirectory("/d")
        local.faults.makeDirectoryDelay = .milliseconds(30)
        let engine = TransferEngine()
        let id = await engine.submit(TransferBatch(
            sources: [TransferEndpoint(site(server), "/t")], destination: TransferEndpoint(site(local), "/d"), recursive: true))
        await eventually { local.node("/d/t/d0") != nil }

        let waiting = Task { await engine.wait(for: id) }
        waiting.cancel()
        let interrupted = await waiting.value
        XCTAssertEqual(interrupted.exitCode, .interrupted)
        XCTAssertGreaterThan(interrupted.totals.paused, 0)
        XCTAssertNil(local.node("/d/t/d5/f"))

        local.faults.makeDirectoryDelay = nil
        await engine.resume(batch: id)
        let resumed = await engine.wait(for: id)

        XCTAssertEqual(resumed.exitCode, .success)
        for index in 0..<6 { XCTAssertEqual(local.contents("/d/t/d\(index)/f"), sampleBytes(100, seed: UInt64(index))) }
    }
}
