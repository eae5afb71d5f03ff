import Synchronization
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

/// The walk of a tree is streamed (issue 28, point 5): files copy while it goes on, and it
/// waits while `walkAhead` entries are planned and not started, so a huge tree is never held
/// ahead of its copies.
final class TransferStreamedWalkTests: XCTestCase {
    /// Directories listed, and a signal a listing may wait for.
    private final class Listings: Sendable {
        private struct State {
            var listed: [String] = []
            var signalled = false
        }

        private let state = Mutex(State())

        var listed: [String] { state.withLock { $0.listed } }

        func record(_ path: String) { state.withLock { $0.listed.append(path) } }

        func signal() { state.withLock { $0.signalled = true } }

        /// Waits up to `limit` for `signal()`; whether it came. Throws when cancelled first.
        func waitForSignal(limit: Duration) async throws -> Bool {
            let signalled = await pollUntil(timeout: limit) { state.withLock { $0.signalled } || Task.isCancelled }
            try Task.checkCancellation()
            return signalled
        }
    }

    func testTheFirstFileStartsBeforeTheWalkListsTheLastDirectory() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        for index in 0..<10 { server.addFile("/tree/d\(index)/f", sampleBytes(100, seed: UInt64(index))) }
        local.addDirectory("/dl")
        let listings = Listings()
        let startedBeforeLastListing = Mutex<Bool?>(nil)
        // The last directory's listing waits until a file has started (at most 5 s: a walk
        // that must end before anything starts waits it out, and the test says so).
        server.faults.beforeListing = { path in
            listings.record(path)
            guard path == "/tree/d9" else { return }
            let signalled = try await listings.waitForSignal(limit: .seconds(5))
            startedBeforeLastListing.withLock { $0 = signalled }
        }
        let observer: @Sendable (TransferEvent) -> Void = { event in
            if case .started = event { listings.signal() }
        }

        let report = await TransferEngine(observer: observer).run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/dl"),
            recursive: true))

        XCTAssertEqual(startedBeforeLastListing.withLock { $0 }, true, "no file started before the last directory was listed")
        XCTAssertEqual(report.exitCode, .success)
        for index in 0..<10 { XCTAssertEqual(local.contents("/dl/tree/d\(index)/f"), sampleBytes(100, seed: UInt64(index))) }
        XCTAssertEqual(listings.listed.count, 11, "each directory listed once")
    }

    func testTheWalkWaitsWhileWalkAheadEntriesArePlannedAndNotStarted() async throws {
        let server = MemoryFileSystem(location: "srv", chunkSize: 100)
        let local = MemoryFileSystem(location: "local", chunkSize: 100)
        let directories = 40, filesEach = 3, walkAhead = 5
        for directory in 0..<directories {
            for file in 0..<filesEach {
                server.addFile("/tree/d\(directory)/f\(file)", sampleBytes(1000, seed: UInt64(directory * 10 + file)))
            }
        }
        local.addDirectory("/dl")
        // The first file to start holds at byte 500, and with it the only transfer slot.
        local.faults.gateAtOffset = 500
        let listings = Listings()
        server.faults.beforeListing = { path in listings.record(path) }
        let events = EventRecorder()
        let engine = TransferEngine(parallel: 1, tuning: TransferTuning(walkAhead: walkAhead), observer: events.observer)

        let id = await engine.submit(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/dl"),
            recursive: true))
        await local.gateReached()
        let planned = {
            events.all.compactMap { event -> Int? in
                if case .planned(_, let files, _) = event { return files } else { return nil }
            }
        }
        // The walk reaches its bound; one that would not wait there lists on past it at once.
        await eventually("the walk reached its bound") { (planned().last ?? 0) - events.starts.count >= walkAhead }
        let plannedNotStarted = (planned().last ?? 0) - events.starts.count
        XCTAssertEqual(events.starts.count, 1)
        XCTAssertGreaterThanOrEqual(plannedNotStarted, walkAhead, "the walk went on until the bound")
        XCTAssertLessThan(plannedNotStarted, walkAhead + filesEach, "planned ahead past the bound and one listing")
        XCTAssertLessThan(listings.listed.count, 5, "listed \(listings.listed) while one file could not finish")

        local.openGate()
        let report = await engine.wait(for: id)

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(report.totals.completed, directories * filesEach)
        XCTAssertEqual(listings.listed.count, directories + 1)
        let totals = events.all.compactMap { event -> Int? in
            if case .planned(_, let files, _) = event { return files } else { return nil }
        }
        XCTAssertEqual(totals, totals.sorted(), "the planned total only grows")
        XCTAssertEqual(totals.last, directories * filesEach)
        for directory in [0, directories - 1] {
            XCTAssertEqual(local.contents("/dl/tree/d\(directory)/f2"), sampleBytes(1000, seed: UInt64(directory * 10 + 2)))
        }
    }

    func testAWalkInterruptedHalfWayGoesOnWhereItStoppedWhenResumed() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        for index in 0..<6 { server.addFile("/tree/d\(index)/f", sampleBytes(100, seed: UInt64(index))) }
        local.addDirectory("/dl")
        let listings = Listings()
        server.faults.beforeListing = { path in
            listings.record(path)
            // The fourth directory's listing waits until the Ctrl-C cancels it.
            if path == "/tree/d3" { _ = try await listings.waitForSignal(limit: .seconds(5)) }
        }
        let engine = TransferEngine()
        let id = await engine.submit(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/dl"),
            recursive: true))
        await eventually { listings.listed.contains("/tree/d3") }
        await eventually { local.contents("/dl/tree/d2/f") != nil }

        let waiting = Task { await engine.wait(for: id) }
        waiting.cancel()
        let interrupted = await waiting.value
        listings.signal()  // listed at once from now on

        XCTAssertEqual(interrupted.exitCode, .interrupted)
        XCTAssertNil(local.node("/dl/tree/d3"), "a directory whose listing was cut short is not created")
        XCTAssertNil(interrupted.outcome(of: "/tree/d3"), "nor reported")

        await engine.resume(batch: id)
        let resumed = await engine.wait(for: id)

        XCTAssertEqual(resumed.exitCode, .success)
        for index in 0..<6 { XCTAssertEqual(local.contents("/dl/tree/d\(index)/f"), sampleBytes(100, seed: UInt64(index))) }
        XCTAssertEqual(resumed.totals.completed, 6)
        XCTAssertEqual(listings.listed.filter { $0 == "/tree/d2" }.count, 1, "what was listed is not listed again")
    }

    func testPausingABatchMidWalkStopsTheWalkAndResumingGoesOnWhereItStopped() async throws {
        let server = MemoryFileSystem(location: "srv", chunkSize: 100)
        let local = MemoryFileSystem(location: "local", chunkSize: 100)
        for index in 0..<20 { server.addFile("/tree/d\(index)/f", sampleBytes(1000, seed: UInt64(index))) }
        local.addDirectory("/dl")
        local.faults.gateAtOffset = 500
        let listings = Listings()
        server.faults.beforeListing = { path in listings.record(path) }
        let engine = TransferEngine(parallel: 1, tuning: TransferTuning(walkAhead: 3))
        let id = await engine.submit(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/dl"),
            recursive: true))
        await local.gateReached()

        await engine.pause(batch: id)
        let paused = await engine.wait(for: id)
        let listedWhenPaused = listings.listed.count

        XCTAssertEqual(paused.exitCode, .transferIncomplete)
        XCTAssertLessThan(listedWhenPaused, 21, "the walk stopped")
        XCTAssertNil(paused.outcome(of: "/tree/d19/f"), "what it had not listed is not reported")
        XCTAssertEqual(paused.totals.completed, 0)

        local.openGate()
        await engine.resume(batch: id)
        let resumed = await engine.wait(for: id)

        XCTAssertEqual(resumed.exitCode, .success)
        XCTAssertEqual(resumed.totals.completed, 20)
        for index in 0..<20 { XCTAssertEqual(local.contents("/dl/tree/d\(index)/f"), sampleBytes(1000, seed: UInt64(index))) }
        XCTAssertEqual(Set(listings.listed).count, listings.listed.count, "no directory listed twice")
    }
}
