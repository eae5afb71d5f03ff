import Foundation
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

/// Connection loss keeps the partial and its record; a later run with `resume` checks the
/// source and the partial's prefix before continuing, and starts over (saying why) otherwise.
final class TransferEngineResumeTests: XCTestCase {
    private let size = 100_000
    private var bytes: [UInt8] { sampleBytes(size, seed: 11) }

    /// A download interrupted by a dropped connection after about `dropAfter` bytes.
    private func interruptedDownload(dropAfter: UInt64 = 40_000, store: InMemoryPartialTransferStore)
        async -> (MemoryFileSystem, MemoryFileSystem, TransferBatchReport)
    {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", bytes, modified: 1_500_000_000)
        local.addDirectory("/d")
        server.faults.dropAfterReadBytes = dropAfter
        let report = await TransferEngine(store: store).run(batch(server, local, resume: false))
        return (server, local, report)
    }

    private func batch(_ server: MemoryFileSystem, _ local: MemoryFileSystem, resume: Bool) -> TransferBatch {
        TransferBatch(
            sources: [TransferEndpoint(site(server), "/f.bin")], destination: TransferEndpoint(site(local), "/d"), resume: resume)
    }

    private let destination = TransferAddress(location: "local", path: "/d/f.bin")

    func testALostConnectionPausesKeepingThePartialAndItsVerifiedRecord() async throws {
        let store = InMemoryPartialTransferStore()

        let (_, local, report) = await interruptedDownload(store: store)

        XCTAssertEqual(report.exitCode, .transferIncomplete)
        let pause = try XCTUnwrap(report.pause(of: "/f.bin"))
        XCTAssertEqual((pause.cause as? FileSystemError)?.kind, .connectionLost)
        let partial = try XCTUnwrap(pause.partial)
        XCTAssertEqual(partial.address, TransferAddress(location: "local", path: "/d/.f.bin.termind-partial"))
        XCTAssertEqual(report.partials.map(\.address), [partial.address])
        let loaded = await store.load(destination: destination)
        let record = try XCTUnwrap(loaded)
        XCTAssertGreaterThan(record.verifiedBytes, 0)
        XCTAssertEqual(record.verifiedBytes, partial.bytesKept)
        XCTAssertEqual(record.sha256, ContentDigest.hex(of: Array(bytes[..<Int(record.verifiedBytes)])))
        XCTAssertEqual(record.source, TransferAddress(location: "srv", path: "/f.bin"))
        XCTAssertEqual(record.sourceSize, UInt64(size))
        XCTAssertEqual(record.sourceModified, 1_500_000_000)
        XCTAssertEqual(record.partialPath, "/d/.f.bin.termind-partial")
        let kept = try XCTUnwrap(local.contents("/d/.f.bin.termind-partial"))
        XCTAssertEqual(Array(kept[..<Int(record.verifiedBytes)]), Array(bytes[..<Int(record.verifiedBytes)]))
        XCTAssertNil(local.node("/d/f.bin"))
    }

    func testAFailedReadStillWritesTheChunksReadBeforeItSoTheResumeLosesNoMore() async throws {
        let store = InMemoryPartialTransferStore()
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", bytes, modified: 1_500_000_000)
        local.addDirectory("/d")
        // The read at 30,000 fails at once; the first chunk's read arrives only after that.
        server.faults.failReadAt = 30_000
        server.faults.readDelay = { offset in offset == 0 ? .milliseconds(200) : .zero }
        let tuning = TransferTuning(maximumRequestsInFlight: 64)

        let report = await TransferEngine(store: store, tuning: tuning).run(batch(server, local, resume: false))

        XCTAssertNotEqual(report.exitCode, .success)
        let loaded = await store.load(destination: destination)
        let record = try XCTUnwrap(loaded)
        XCTAssertEqual(record.verifiedBytes, 30_000, "every chunk before the failed read is kept")
        XCTAssertEqual(record.sha256, ContentDigest.hex(of: Array(bytes[..<30_000])))
        let kept = try XCTUnwrap(local.contents("/d/.f.bin.termind-partial"))
        XCTAssertEqual(Array(kept[..<30_000]), Array(bytes[..<30_000]))
    }

    func testTheVerifiedPrefixStopsAtTheFirstWriteNotAcknowledged() async throws {
        let store = InMemoryPartialTransferStore()
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", bytes)
        local.addDirectory("/d")
        local.faults.writeDelay = { offset in .microseconds(Int64(1_000 - Int(offset / 1000 % 8) * 100)) }
        // Every write lands, out of order, except the one at 20,000; then the connection drops.
        local.faults.holdWriteAt = 20_000
        let engine = TransferEngine(store: store)
        let download = batch(server, local, resume: false)

        async let report = engine.run(download)
        await eventually { local.counters.bytesWritten == UInt64(size - 1000) }
        local.disconnect()
        local.openGate()
        let finished = await report

        XCTAssertEqual(finished.exitCode, .transferIncomplete)
        XCTAssertEqual(finished.pause(of: "/f.bin")?.partial?.bytesKept, 20_000)
        let loaded = await store.load(destination: destination)
        let record = try XCTUnwrap(loaded)
        XCTAssertEqual(record.verifiedBytes, 20_000)
        XCTAssertEqual(record.sha256, ContentDigest.hex(of: Array(bytes[..<20_000])))
        let kept = try XCTUnwrap(local.contents("/d/.f.bin.termind-partial"))
        XCTAssertEqual(kept.count, size, "the writes after the gap landed but do not count")
        XCTAssertEqual(Array(kept[..<20_000]), Array(bytes[..<20_000]))
    }

    func testResumeInALaterRunSendsOnlyTheRestAndCommitsTheWholeFile() async throws {
        let store = InMemoryPartialTransferStore()
        let (server, local, _) = await interruptedDownload(store: store)
        let loaded = await store.load(destination: destination)
        let verified = try XCTUnwrap(loaded).verifiedBytes
        server.reconnect()
        server.resetCounters()
        let events = EventRecorder()

        let report = await TransferEngine(store: store, observer: events.observer).run(batch(server, local, resume: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/f.bin"), bytes)
        let completion = try XCTUnwrap(report.completion(of: "/f.bin"))
        XCTAssertEqual(completion.resumedFrom, verified)
        XCTAssertEqual(completion.bytesSent, UInt64(size) - verified)
        XCTAssertLessThan(completion.bytesSent, UInt64(size))
        XCTAssertEqual(completion.sha256, ContentDigest.hex(of: bytes))
        XCTAssertEqual(server.counters.bytesRead, UInt64(size) - verified)
        XCTAssertEqual(events.starts.first?.resumingFrom, verified)
        XCTAssertTrue(events.restarts.isEmpty)
        let left = await store.load(destination: destination)
        XCTAssertNil(left, "the record outlived the commit")
        XCTAssertNil(local.node("/d/.f.bin.termind-partial"))
    }

    func testASourceChangedSinceThePartialStartsOverAndSaysSo() async throws {
        let store = InMemoryPartialTransferStore()
        let (server, local, _) = await interruptedDownload(store: store)
        server.reconnect()
        let changed = sampleBytes(size, seed: 12)
        server.addFile("/f.bin", changed, modified: 1_500_000_999)
        let events = EventRecorder()

        let report = await TransferEngine(store: store, observer: events.observer).run(batch(server, local, resume: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(events.restarts, [.sourceChanged])
        XCTAssertEqual(TransferRestartReason.sourceChanged.description, "source changed since the partial was written; starting over")
        XCTAssertEqual(report.completion(of: "/f.bin")?.bytesSent, UInt64(size))
        XCTAssertEqual(local.contents("/d/f.bin"), changed)
    }

    func testAPartialStoppedBeforeAnyByteWasVerifiedStillTellsASourceChange() async throws {
        let store = InMemoryPartialTransferStore()
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", bytes, modified: 1_500_000_000)
        local.addDirectory("/d")
        // The first chunk answers last, and the connection drops before it does.
        server.faults.readDelay = { offset in offset == 0 ? .milliseconds(50) : .zero }
        server.faults.dropAfterReadBytes = 30_000
        let cut = await TransferEngine(store: store).run(batch(server, local, resume: false))
        XCTAssertEqual(cut.pause(of: "/f.bin")?.partial?.bytesKept, 0)
        server.reconnect()
        server.addFile("/f.bin", bytes, modified: 1_500_000_999)
        let events = EventRecorder()

        let report = await TransferEngine(store: store, observer: events.observer).run(batch(server, local, resume: true))

        XCTAssertEqual(events.restarts, [.sourceChanged])
        XCTAssertEqual(report.exitCode, .success)
    }

    func testAPartialWhosePrefixNoLongerMatchesStartsOverAndSaysSo() async throws {
        let store = InMemoryPartialTransferStore()
        let (server, local, _) = await interruptedDownload(store: store)
        server.reconnect()
        var kept = try XCTUnwrap(local.contents("/d/.f.bin.termind-partial"))
        kept[10] ^= 0xff
        local.addFile("/d/.f.bin.termind-partial", kept)
        let events = EventRecorder()

        let report = await TransferEngine(store: store, observer: events.observer).run(batch(server, local, resume: true))

        XCTAssertEqual(events.restarts, [.partialChanged])
        XCTAssertEqual(report.completion(of: "/f.bin")?.bytesSent, UInt64(size))
        XCTAssertEqual(local.contents("/d/f.bin"), bytes)
    }

    func testAPartialLongerThanItsVerifiedPrefixIsCutBackBeforeContinuing() async throws {
        let store = InMemoryPartialTransferStore()
        let (server, local, _) = await interruptedDownload(store: store)
        server.reconnect()
        let loaded = await store.load(destination: destination)
        let verified = try XCTUnwrap(loaded).verifiedBytes
        // Bytes past the verified prefix (an unacknowledged write that landed) are not trusted.
        let kept = try XCTUnwrap(local.contents("/d/.f.bin.termind-partial"))
        local.addFile("/d/.f.bin.termind-partial", Array(kept[..<Int(verified)]) + [UInt8](repeating: 0xee, count: 5000))

        let report = await TransferEngine(store: store).run(batch(server, local, resume: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(report.completion(of: "/f.bin")?.resumedFrom, verified)
        XCTAssertEqual(local.contents("/d/f.bin"), bytes)
    }

    func testAPartialShorterThanItsRecordStartsOver() async throws {
        let store = InMemoryPartialTransferStore()
        let (server, local, _) = await interruptedDownload(store: store)
        server.reconnect()
        // The record vouches for 20,000 bytes whatever the interrupted run got acknowledged
        // (under load, possibly nothing); the partial holds 10.
        let saved = await store.load(destination: destination)
        var record = try XCTUnwrap(saved)
        record.verifiedBytes = 20_000
        record.sha256 = ContentDigest.hex(of: Array(bytes[..<20_000]))
        await store.save(record)
        local.addFile("/d/.f.bin.termind-partial", Array(bytes[..<10]))
        let events = EventRecorder()

        let report = await TransferEngine(store: store, observer: events.observer).run(batch(server, local, resume: true))

        XCTAssertEqual(events.restarts, [.partialShorter])
        XCTAssertEqual(local.contents("/d/f.bin"), bytes)
        XCTAssertEqual(report.exitCode, .success)
    }

    func testWithoutResumeAnEarlierPartialIsReplacedFromZeroAndSaidSo() async throws {
        let store = InMemoryPartialTransferStore()
        let (server, local, _) = await interruptedDownload(store: store)
        server.reconnect()
        let events = EventRecorder()

        let report = await TransferEngine(store: store, observer: events.observer).run(batch(server, local, resume: false))

        XCTAssertEqual(events.restarts, [.resumeNotRequested])
        XCTAssertEqual(report.completion(of: "/f.bin")?.bytesSent, UInt64(size))
        XCTAssertEqual(local.contents("/d/f.bin"), bytes)
    }

    func testAPartialWithoutARecordIsRefusedAsNotTermindsAndLeftUntouched() async throws {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/f.bin", bytes)
        local.addFile("/d/.f.bin.termind-partial", Array(bytes[..<5000]), modified: 1_400_000_000)

        let report = await TransferEngine().run(batch(server, local, resume: true))

        XCTAssertEqual(report.exitCode, .failure)
        let error = try XCTUnwrap(report.failure(of: "/f.bin")?.error as? TransferError)
        XCTAssertEqual(error.kind, .notAPartial)
        XCTAssertEqual(error.address.path, "/d/.f.bin.termind-partial")
        XCTAssertTrue(error.detail.contains("not Termind's partial"), error.detail)
        XCTAssertNil(report.failure(of: "/f.bin")?.partial)
        XCTAssertEqual(local.contents("/d/.f.bin.termind-partial"), Array(bytes[..<5000]))
        let untouched = try await local.lstat("/d/.f.bin.termind-partial")
        XCTAssertEqual(untouched.attributes.modified, 1_400_000_000)
        XCTAssertNil(local.node("/d/f.bin"))
    }

    func testARecordNamesThePartialBeforeThePartialExists() async throws {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/f.bin", bytes)
        local.addDirectory("/d")
        let store = PartialPresenceStore(local, partial: "/d/.f.bin.termind-partial")

        let report = await TransferEngine(store: store).run(batch(server, local, resume: false))

        XCTAssertEqual(report.exitCode, .success)
        let first = try XCTUnwrap(store.saves.first)
        XCTAssertFalse(first.partialExisted, "the first record was saved after the partial was created")
        XCTAssertEqual(first.record.partialPath, "/d/.f.bin.termind-partial")
        XCTAssertNil(first.record.partial)
    }

    /// What kill -9 leaves between creating the partial and recording its identity: an empty
    /// partial that only the record saved before it names.
    func testAnEmptyPartialLeftBeforeItsIdentityWasRecordedIsTakenOverByTheNextRun() async throws {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/f.bin", bytes, modified: 1_500_000_000)
        local.addFile("/d/.f.bin.termind-partial", [])
        let store = InMemoryPartialTransferStore([namingRecord(sourceSize: UInt64(size))])

        let report = await TransferEngine(store: store).run(batch(server, local, resume: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/f.bin"), bytes)
        XCTAssertNil(local.node("/d/.f.bin.termind-partial"))
    }

    func testAPartialHoldingBytesIsRefusedWhenItsRecordWasSavedBeforeItExisted() async throws {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/f.bin", bytes, modified: 1_500_000_000)
        local.addFile("/d/.f.bin.termind-partial", Array(bytes[..<5000]))
        let store = InMemoryPartialTransferStore([namingRecord(sourceSize: UInt64(size))])

        let report = await TransferEngine(store: store).run(batch(server, local, resume: true))

        let error = try XCTUnwrap(report.failure(of: "/f.bin")?.error as? TransferError)
        XCTAssertEqual(error.kind, .notAPartial)
        XCTAssertTrue(error.detail.contains("not the file its partial-transfer record names"), error.detail)
        XCTAssertEqual(local.contents("/d/.f.bin.termind-partial"), Array(bytes[..<5000]))
    }

    func testAnEmptyPartialNoRecordNamesIsStillRefused() async throws {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/f.bin", bytes)
        local.addFile("/d/.f.bin.termind-partial", [])

        let report = await TransferEngine().run(batch(server, local, resume: true))

        let error = try XCTUnwrap(report.failure(of: "/f.bin")?.error as? TransferError)
        XCTAssertEqual(error.kind, .notAPartial)
        XCTAssertTrue(error.detail.contains("no partial-transfer record of this user names it"), error.detail)
        XCTAssertNotNil(local.node("/d/.f.bin.termind-partial"))
    }

    /// The record a run saves before it creates its partial: the partial's path, no identity.
    private func namingRecord(sourceSize: UInt64) -> PartialTransferRecord {
        PartialTransferRecord(
            source: TransferAddress(location: "srv", path: "/f.bin"), sourceSize: sourceSize, sourceModified: 1_500_000_000,
            destination: destination, partialPath: "/d/.f.bin.termind-partial", verifiedBytes: 0,
            sha256: VerifiedPrefix().sha256, savedAt: Date(), writer: "killed-run")
    }

    func testASymlinkAtThePartialsNameIsRefusedAndItsTargetLeftUntouched() async throws {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/f.bin", bytes)
        local.addFile("/victim", Array("precious".utf8))
        local.addSymlink("/d/.f.bin.termind-partial", to: "/victim")

        let report = await TransferEngine().run(batch(server, local, resume: false))

        XCTAssertEqual(report.exitCode, .failure)
        let error = try XCTUnwrap(report.failure(of: "/f.bin")?.error as? TransferError)
        XCTAssertEqual(error.kind, .notAPartial)
        XCTAssertTrue(error.detail.contains("symbolic link"), error.detail)
        XCTAssertEqual(local.contents("/victim"), Array("precious".utf8))
        XCTAssertEqual(local.node("/d/.f.bin.termind-partial"), .symlink(target: "/victim"))
    }

    func testAPartialReplacedAfterItsRecordWasSavedIsRefused() async throws {
        let store = InMemoryPartialTransferStore()
        let (server, local, _) = await interruptedDownload(store: store)
        server.reconnect()
        // Another file now has the name: the source's bytes, but not the file Termind wrote.
        // Not empty even when the run stopped before its first write (under load): an empty
        // partial that a record names is taken over by design, whatever file it is.
        let written = try XCTUnwrap(local.contents("/d/.f.bin.termind-partial"))
        let kept = written.isEmpty ? Array(bytes.prefix(1000)) : written
        try await local.remove("/d/.f.bin.termind-partial")
        local.addFile("/d/.f.bin.termind-partial", kept)

        let report = await TransferEngine(store: store).run(batch(server, local, resume: true))

        XCTAssertEqual((report.failure(of: "/f.bin")?.error as? TransferError)?.kind, .notAPartial)
        XCTAssertEqual(local.contents("/d/.f.bin.termind-partial"), kept)
        XCTAssertNil(local.node("/d/f.bin"))
    }

    func testASecondTransferToADestinationBeingWrittenFailsAtOnceLeavingTheFirstsPartial() async throws {
        let store = InMemoryPartialTransferStore()
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", bytes)
        local.addDirectory("/d")
        local.faults.gateAtOffset = 50_000
        let first = TransferEngine(store: store)
        let download = batch(server, local, resume: false)
        async let firstReport = first.run(download)
        await local.gateReached()

        let second = await TransferEngine(store: store).run(batch(server, local, resume: true))

        let error = try XCTUnwrap(second.failure(of: "/f.bin")?.error as? TransferError)
        XCTAssertEqual(error.kind, .destinationBusy)
        XCTAssertEqual(error.address.path, "/d/f.bin")
        XCTAssertTrue(error.detail.contains("another transfer is writing it"), error.detail)
        XCTAssertEqual(second.exitCode, .failure)
        XCTAssertNotNil(local.node("/d/.f.bin.termind-partial"))
        local.openGate()
        let finished = await firstReport
        XCTAssertEqual(finished.exitCode, .success)
        XCTAssertEqual(local.contents("/d/f.bin"), bytes)
    }

    func testWithWaitASecondTransferWaitsForTheFirstThenWritesTheDestination() async throws {
        let store = InMemoryPartialTransferStore()
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", bytes)
        server.addFile("/g/f.bin", sampleBytes(size, seed: 99))
        local.addDirectory("/d")
        local.faults.gateAtOffset = 50_000
        let first = TransferEngine(store: store)
        let download = batch(server, local, resume: false)
        async let firstReport = first.run(download)
        await local.gateReached()
        let waiting = TransferBatch(
            sources: [TransferEndpoint(site(server), "/g/f.bin")], destination: TransferEndpoint(site(local), "/d"),
            conflicts: .apply(.overwrite), waitForWriters: true)
        let second = TransferEngine(store: store)
        async let secondReport = second.run(waiting)
        // The second reaches the claim and waits: the first keeps it all the while.
        let claimed = await holdsThroughout(.milliseconds(50)) { await store.isClaimed(destination) }
        XCTAssertTrue(claimed)
        local.openGate()

        let (one, two) = await (firstReport, secondReport)
        XCTAssertEqual(one.exitCode, .success)
        XCTAssertEqual(two.exitCode, .success)
        XCTAssertEqual(local.contents("/d/f.bin"), sampleBytes(size, seed: 99))
    }

    func testARecordWhosePartialIsGoneStartsOver() async throws {
        let store = InMemoryPartialTransferStore()
        let (server, local, _) = await interruptedDownload(store: store)
        server.reconnect()
        try await local.remove("/d/.f.bin.termind-partial")
        let events = EventRecorder()

        let report = await TransferEngine(store: store, observer: events.observer).run(batch(server, local, resume: true))

        XCTAssertEqual(events.restarts, [.partialMissing])
        XCTAssertEqual(report.exitCode, .success)
    }

    func testResumingSkipsADestinationThatAlreadyHasTheSourcesSizeAndMtime() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/f.bin", bytes, modified: 1_500_000_000)
        local.addFile("/d/f.bin", bytes, modified: 1_500_000_000)

        let report = await TransferEngine().run(batch(server, local, resume: true))

        XCTAssertEqual(report.exitCode, .success)
        guard case .skipped(.alreadyTransferred)? = report.outcome(of: "/f.bin") else { return XCTFail("not skipped") }
        XCTAssertEqual(server.counters.bytesRead, 0)
    }

    func testTheRecordIsSavedPeriodicallyWhileTheFileIsCopiedAndRemovedAtTheCommit() async {
        let store = InMemoryPartialTransferStore()
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", bytes)
        local.addDirectory("/d")

        // One request at a time, so the verified prefix grows a chunk per acknowledgement.
        let tuning = TransferTuning(maximumRequestsInFlight: 1, recordEveryBytes: 10_000, recordEvery: .seconds(60))

        let report = await TransferEngine(store: store, tuning: tuning).run(batch(server, local, resume: false))

        XCTAssertEqual(report.exitCode, .success)
        let saves = await store.saveCount
        XCTAssertEqual(saves, 12, "one before the partial is created, one when it is, then one per 10,000 bytes")
        let left = await store.load(destination: destination)
        XCTAssertNil(left)
    }

    func testAFullDiskFailsTheFileKeepingAPartialToResumeAndTheOriginal() async throws {
        let store = InMemoryPartialTransferStore()
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", bytes)
        local.addFile("/d/f.bin", sampleBytes(100, seed: 5))
        local.faults.capacity = 60_000

        let report = await TransferEngine(store: store).run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/f.bin")], destination: TransferEndpoint(site(local), "/d"),
            conflicts: .apply(.overwrite)))

        XCTAssertEqual(report.exitCode, .transferIncomplete)
        let failure = try XCTUnwrap(report.failure(of: "/f.bin"))
        XCTAssertEqual((failure.error as? FileSystemError)?.kind, .noSpace)
        XCTAssertNotNil(failure.partial)
        XCTAssertEqual(local.contents("/d/f.bin"), sampleBytes(100, seed: 5))
        let record = await store.load(destination: destination)
        XCTAssertEqual(record?.verifiedBytes, failure.partial?.bytesKept)
    }

    func testASourceThatChangesWhileCopiedFailsVerificationAndLeavesNoPartial() async throws {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f.bin", bytes, modified: 1_500_000_000)
        local.addDirectory("/d")
        local.faults.gateAtOffset = 50_000
        let engine = TransferEngine()
        let download = batch(server, local, resume: false)

        async let report = engine.run(download)
        await local.gateReached()
        server.addFile("/f.bin", bytes, modified: 1_500_000_001)
        local.openGate()
        let finished = await report

        XCTAssertEqual(finished.exitCode, .transferIncomplete)
        XCTAssertEqual((finished.failure(of: "/f.bin")?.error as? TransferError)?.kind, .sourceChanged)
        XCTAssertNil(local.node("/d/.f.bin.termind-partial"))
        XCTAssertNil(local.node("/d/f.bin"))
    }
}

/// Records each save and whether the partial existed at that moment.
private final class PartialPresenceStore: PartialTransferStore, @unchecked Sendable {
    private let records = InMemoryPartialTransferStore()
    private let fileSystem: MemoryFileSystem
    private let partial: String
    private let lock = NSLock()
    private var saved: [(record: PartialTransferRecord, partialExisted: Bool)] = []

    init(_ fileSystem: MemoryFileSystem, partial: String) {
        self.fileSystem = fileSystem
        self.partial = partial
    }

    var saves: [(record: PartialTransferRecord, partialExisted: Bool)] { lock.withLock { saved } }

    func load(destination: TransferAddress) async throws -> PartialTransferRecord? { await records.load(destination: destination) }
    func save(_ record: PartialTransferRecord) async throws {
        let existed = fileSystem.node(partial) != nil
        lock.withLock { saved.append((record, existed)) }
        await records.save(record)
    }
    func remove(destination: TransferAddress) async throws { await records.remove(destination: destination) }
    func claim(destination: TransferAddress, wait: Bool) async throws -> (any TransferClaim)? {
        try await records.claim(destination: destination, wait: wait)
    }
    func loadPlacement(sources: [TransferAddress], destination: TransferAddress) async throws -> TransferPlacement? {
        await records.loadPlacement(sources: sources, destination: destination)
    }
    func savePlacement(_ placement: TransferPlacement) async throws { await records.savePlacement(placement) }
    func removePlacement(sources: [TransferAddress], destination: TransferAddress) async throws {
        await records.removePlacement(sources: sources, destination: destination)
    }
}
