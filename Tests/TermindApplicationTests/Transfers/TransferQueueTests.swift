import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

/// The workbench's transfer queue over the engine, on memory file systems: four at a time on
/// silent extras (else one at a time), pause, resume and cancel, conflicts asked per file or
/// answered for the Batch, and the interrupted transfers of an earlier run listed, never replayed.
final class TransferQueueTests: XCTestCase {
    private func rig(files: Int = 1, size: Int = 2000, gateAt: UInt64? = 1000, extras: Bool = true)
        -> (MemoryFileSystem, MemoryFileSystem, MemorySites)
    {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        for number in 1...files { server.addFile("/src/f\(number).bin", sampleBytes(size, seed: UInt64(number))) }
        local.addDirectory("/d")
        local.faults.gateAtOffset = gateAt
        return (server, local, MemorySites(local: local, hosts: ["srv": server], extras: extras))
    }

    private func download(_ paths: [String]) -> TransferRequest {
        TransferRequest(source: .host("srv"), paths: paths, destination: .local, directory: "/d")
    }

    private func states(_ queue: TransferQueue) -> [String] { queue.state.items.map(\.state.word) }

    func testAtMostFourRunAtOnceOnSilentExtrasTheRestWaitInOrderAndTheCountShowsBoth() async throws {
        let (_, local, sites) = rig(files: 6)
        let queue = TransferQueue(sites: sites, store: InMemoryPartialTransferStore())

        let batch = try await queue.submit(download((1...6).map { "/src/f\($0).bin" }))
        await eventually("four run and two wait", showing: "\(self.states(queue))") {
            queue.state.runningCount == 4 && queue.state.waitingCount == 2
        }

        XCTAssertEqual(queue.activeCount, 6)
        XCTAssertEqual(queue.state.items.map(\.source.path), (1...6).map { "/src/f\($0).bin" })
        XCTAssertEqual(queue.state.items.map(\.direction), Array(repeating: .download, count: 6))
        XCTAssertEqual(local.counters.maxOpenWriters, 4)
        local.openGate()
        _ = await queue.wait(for: batch)
        await eventually("all done", showing: "\(self.states(queue))") { self.states(queue) == Array(repeating: "done", count: 6) }
        XCTAssertEqual(queue.activeCount, 0)
        for number in 1...6 { XCTAssertEqual(local.contents("/d/f\(number).bin"), sampleBytes(2000, seed: UInt64(number))) }
    }

    func testWhenNoSilentExtraOpensTransfersTakeTurnsOnTheHostsOwnConnection() async throws {
        let (_, local, sites) = rig(files: 3, extras: false)
        let queue = TransferQueue(sites: sites, store: InMemoryPartialTransferStore())

        let batch = try await queue.submit(download((1...3).map { "/src/f\($0).bin" }))
        // The queue starts what it may as it is submitted: a second one run would show here.
        await eventually("one runs and two wait", showing: "\(self.states(queue))") {
            queue.state.runningCount == 1 && queue.state.waitingCount == 2
        }

        local.openGate()
        let report = await queue.wait(for: batch)
        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.counters.maxOpenWriters, 1)
    }

    func testPauseKeepsThePartialAndResumeContinuesFromItsVerifiedPrefix() async throws {
        let (server, local, sites) = rig(size: 100_000, gateAt: 50_000)
        let store = InMemoryPartialTransferStore()
        let queue = TransferQueue(sites: sites, store: store)

        let batch = try await queue.submit(download(["/src/f1.bin"]))
        await local.gateReached()
        let id = try XCTUnwrap(queue.state.items.first?.id)
        await queue.pause(id)
        _ = await queue.wait(for: batch)

        XCTAssertEqual(queue.state.item(id)?.state, .paused)
        XCTAssertEqual(queue.activeCount, 0)
        XCTAssertNotNil(local.node("/d/.f1.bin.termind-partial"), "the partial is kept")
        let record = await store.load(destination: TransferAddress(location: "local", path: "/d/f1.bin"))
        let kept = try XCTUnwrap(record?.verifiedBytes)
        XCTAssertGreaterThan(kept, 0)

        server.resetCounters()
        local.openGate()
        try await queue.resume(id)
        let report = await queue.wait(for: batch)

        XCTAssertEqual(report.completion(of: "/src/f1.bin")?.resumedFrom, kept)
        XCTAssertEqual(server.counters.bytesRead, 100_000 - kept, "only the rest was read again")
        XCTAssertEqual(local.contents("/d/f1.bin"), sampleBytes(100_000, seed: 1))
        await eventually("done") { queue.state.item(id)?.state == .done }
        XCTAssertEqual(queue.state.item(id)?.bytesDone, 100_000)
    }

    func testCancelStopsTheTransferAndRemovesItsPartialAndRecord() async throws {
        let (_, local, sites) = rig(size: 100_000, gateAt: 50_000)
        let store = InMemoryPartialTransferStore()
        let queue = TransferQueue(sites: sites, store: store)

        let batch = try await queue.submit(download(["/src/f1.bin"]))
        await local.gateReached()
        let id = try XCTUnwrap(queue.state.items.first?.id)
        try await queue.cancel(id)
        _ = await queue.wait(for: batch)

        await eventually("cancelled") { queue.state.item(id)?.state == .cancelled(notRemoved: []) }
        XCTAssertNil(local.node("/d/.f1.bin.termind-partial"))
        XCTAssertNil(local.node("/d/f1.bin"))
        let record = await store.load(destination: TransferAddress(location: "local", path: "/d/f1.bin"))
        XCTAssertNil(record)
    }

    func testConflictsAreAskedOneAtATimePerFileAndKeepBothTakesTheFirstFreeName() async throws {
        let (server, local, sites) = rig(files: 2, gateAt: nil)
        local.addFile("/d/f1.bin", [1])
        local.addFile("/d/f1 (1).bin", [2])
        local.addFile("/d/f2.bin", [3])
        let queue = TransferQueue(sites: sites, store: InMemoryPartialTransferStore())

        let batch = try await queue.submit(download(["/src/f1.bin", "/src/f2.bin"]))
        // The two files go at once, so either conflict may come first; each is asked alone.
        var asked: [String] = []
        var answered: Set<Int> = []
        for _ in 0..<2 {
            let seen = answered
            await eventually("a question") { queue.state.questions.contains { !seen.contains($0.id) } }
            let one = await holdsThroughout(.milliseconds(50)) { queue.state.questions.count == 1 }
            XCTAssertTrue(one, "one question at a time: \(queue.state.questions.count)")
            let question = queue.state.questions[0]
            asked.append(question.conflict.destination.path)
            answered.insert(question.id)
            queue.answer(question.id, ConflictAnswer(question.conflict.destination.path == "/d/f1.bin" ? .keepBoth : .skip))
        }
        XCTAssertEqual(asked.sorted(), ["/d/f1.bin", "/d/f2.bin"])
        _ = await queue.wait(for: batch)

        XCTAssertEqual(local.contents("/d/f1 (2).bin"), server.contents("/src/f1.bin"))
        XCTAssertEqual(local.contents("/d/f1.bin"), [1])
        XCTAssertEqual(local.contents("/d/f2.bin"), [3])
        await eventually("done and skipped", showing: "\(self.states(queue))") { self.states(queue) == ["done", "skipped"] }
        XCTAssertEqual(queue.state.items.map(\.destination.path), ["/d/f1 (2).bin", "/d/f2.bin"])
    }

    func testAnAnswerForTheBatchSettlesItsOtherConflictsUnasked() async throws {
        let (_, local, sites) = rig(files: 3, gateAt: nil)
        for number in 1...3 { local.addFile("/d/f\(number).bin", [UInt8(number)]) }
        let queue = TransferQueue(sites: sites, store: InMemoryPartialTransferStore())

        let batch = try await queue.submit(download((1...3).map { "/src/f\($0).bin" }))
        await eventually("a question") { !queue.state.questions.isEmpty }
        queue.answer(queue.state.questions[0].id, ConflictAnswer(.skip, applyToRest: true))
        let report = await queue.wait(for: batch)

        XCTAssertEqual(report.totals.skipped, 3)
        XCTAssertTrue(queue.state.questions.isEmpty)
        for number in 1...3 { XCTAssertEqual(local.contents("/d/f\(number).bin"), [UInt8(number)]) }
    }

    /// An earlier run paused a download: its record and partial are what the next run finds.
    private func interruptedEarlier() async throws -> (MemoryFileSystem, MemoryFileSystem, MemorySites, InMemoryPartialTransferStore, UInt64) {
        let (server, local, sites) = rig(size: 100_000, gateAt: 50_000)
        let store = InMemoryPartialTransferStore()
        let earlier = TransferQueue(sites: sites, store: store)
        let batch = try await earlier.submit(download(["/src/f1.bin"]))
        await local.gateReached()
        await earlier.shutdown()
        _ = await earlier.wait(for: batch)
        let record = await store.load(destination: TransferAddress(location: "local", path: "/d/f1.bin"))
        return (server, local, sites, store, try XCTUnwrap(record?.verifiedBytes))
    }

    func testInterruptedTransfersOfAnEarlierRunAreListedNotReplayedAndResumeWhenAsked() async throws {
        let (server, local, sites, store, kept) = try await interruptedEarlier()
        server.resetCounters()
        local.openGate()

        let queue = TransferQueue(sites: sites, store: store, listing: store)
        try await queue.listInterrupted()
        let item = try XCTUnwrap(queue.state.items.first)
        XCTAssertEqual(queue.state.items.count, 1)
        XCTAssertEqual(item.state, .interrupted)
        XCTAssertEqual(item.id, .interrupted(TransferAddress(location: "local", path: "/d/f1.bin")))
        XCTAssertEqual(item.bytesDone, kept)
        XCTAssertEqual(item.totalBytes, 100_000)
        XCTAssertEqual(queue.activeCount, 0, "an interrupted transfer is not counted as running or waiting")
        XCTAssertEqual(server.counters.bytesRead, 0, "nothing replayed by itself")
        XCTAssertNil(local.node("/d/f1.bin"))

        try await queue.resume(item.id)
        await eventually("done", showing: "\(self.states(queue))") { self.states(queue) == ["done"] }
        XCTAssertEqual(local.contents("/d/f1.bin"), sampleBytes(100_000, seed: 1))
        XCTAssertEqual(server.counters.bytesRead, 100_000 - kept, "continued from the verified prefix")
    }

    func testDiscardingAnInterruptedTransferRemovesItsPartialAndRecord() async throws {
        let (_, local, sites, store, _) = try await interruptedEarlier()
        XCTAssertNotNil(local.node("/d/.f1.bin.termind-partial"))

        let queue = TransferQueue(sites: sites, store: store, listing: store)
        try await queue.listInterrupted()
        try await queue.cancel(try XCTUnwrap(queue.state.items.first?.id))

        XCTAssertTrue(queue.state.items.isEmpty)
        XCTAssertNil(local.node("/d/.f1.bin.termind-partial"))
        let record = await store.load(destination: TransferAddress(location: "local", path: "/d/f1.bin"))
        XCTAssertNil(record)
    }

    func testADiscardThatCannotRemoveThePartialSaysWhich() async throws {
        let (_, local, sites, store, _) = try await interruptedEarlier()
        local.faults.unremovable = ["/d/.f1.bin.termind-partial"]

        let queue = TransferQueue(sites: sites, store: store, listing: store)
        try await queue.listInterrupted()
        try await queue.cancel(try XCTUnwrap(queue.state.items.first?.id))

        XCTAssertEqual(queue.state.items.first?.state, .cancelled(notRemoved: ["/d/.f1.bin.termind-partial"]))
        let record = await store.load(destination: TransferAddress(location: "local", path: "/d/f1.bin"))
        XCTAssertNotNil(record, "the record stays while its partial does")
    }
}
