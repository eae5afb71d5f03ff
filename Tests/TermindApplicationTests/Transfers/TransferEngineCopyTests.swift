import TermindApplication
import TermindDomain
import XCTest

/// Files and trees copied between file systems: exact bytes, their SHA-256, attributes kept,
/// partials committed by rename, many requests in flight.
final class TransferEngineCopyTests: XCTestCase {
    func testDownloadCommitsTheExactBytesWithTheirSHA256AndModeAndMtime() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        let bytes = sampleBytes(100_000)
        server.addFile("/data/report.pdf", bytes, mode: 0o640, modified: 1_500_000_000)
        local.addDirectory("/home")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/data/report.pdf")], destination: TransferEndpoint(site(local), "/home")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/home/report.pdf"), bytes)
        let completion = report.completion(of: "/data/report.pdf")
        XCTAssertEqual(completion?.bytes, 100_000)
        XCTAssertEqual(completion?.bytesSent, 100_000)
        XCTAssertEqual(completion?.sha256, ContentDigest.hex(of: bytes))
        guard case .file(_, let mode, let modified, _)? = local.node("/home/report.pdf") else { return XCTFail("no file") }
        XCTAssertEqual(mode, 0o640)
        XCTAssertEqual(modified, 1_500_000_000)
        XCTAssertEqual(local.counters.renames.map(\.from), ["/home/.report.pdf.termind-partial"])
        XCTAssertEqual(local.counters.renames.map(\.replacing), [false])
        XCTAssertFalse(local.paths.contains { PartialFileName.isPartial(RemotePath.name(of: $0)) })
    }

    func testUploadToANewNameUsesThatName() async {
        let local = MemoryFileSystem(location: "local")
        let server = MemoryFileSystem(location: "srv")
        local.addFile("/tmp/a.txt", sampleBytes(10))
        server.addDirectory("/srv")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(local), "/tmp/a.txt")], destination: TransferEndpoint(site(server), "/srv/b.txt")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(server.contents("/srv/b.txt"), sampleBytes(10))
        XCTAssertEqual(report.files.first?.destination, TransferAddress(location: "srv", path: "/srv/b.txt"))
    }

    func testWritesCompletingOutOfOrderStillCommitTheSourceBytesInOrder() async {
        let server = MemoryFileSystem(location: "srv", chunkSize: 512)
        let local = MemoryFileSystem(location: "local", chunkSize: 512)
        let bytes = sampleBytes(64 * 512 + 77, seed: 7)
        server.addFile("/big", bytes)
        local.addDirectory("/in")
        // Later offsets land first: completions arrive in reverse within each window.
        local.faults.writeDelay = { offset in .microseconds(Int64(2_000 - Int(offset / 512 % 64) * 30)) }
        server.faults.readDelay = { offset in .microseconds(Int64(1_000 - Int(offset / 512 % 32) * 30)) }

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/big")], destination: TransferEndpoint(site(local), "/in")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/in/big"), bytes)
        XCTAssertEqual(report.completion(of: "/big")?.sha256, ContentDigest.hex(of: bytes))
        XCTAssertGreaterThan(local.counters.maxWritesInFlight, 1, "writes were not pipelined")
    }

    func testManyReadsAndWritesStayInFlightWithinTheWindow() async {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1024)
        let local = MemoryFileSystem(location: "local", chunkSize: 1024)
        server.addFile("/f", sampleBytes(1024 * 200))
        local.addDirectory("/d")
        server.faults.readDelay = { _ in .milliseconds(10) }
        local.faults.writeDelay = { _ in .milliseconds(10) }
        let tuning = TransferTuning(maximumRequestsInFlight: 32)

        let report = await TransferEngine(tuning: tuning).run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/f")], destination: TransferEndpoint(site(local), "/d")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertGreaterThanOrEqual(server.counters.maxReadsInFlight, 16)
        XCTAssertLessThanOrEqual(server.counters.maxReadsInFlight + local.counters.maxWritesInFlight, 2 * 32)
        XCTAssertLessThanOrEqual(server.counters.maxReadsInFlight, 32)
        XCTAssertGreaterThanOrEqual(local.counters.maxWritesInFlight, 4)
    }

    func testMemoryInFlightIsBoundedByTheByteBudget() async {
        let server = MemoryFileSystem(location: "srv", chunkSize: 4096)
        let local = MemoryFileSystem(location: "local", chunkSize: 4096)
        server.addFile("/f", sampleBytes(4096 * 64))
        local.addDirectory("/d")
        server.faults.readDelay = { _ in .milliseconds(1) }
        let tuning = TransferTuning(maximumRequestsInFlight: 64, maximumBytesInFlight: 4096 * 4)

        let report = await TransferEngine(tuning: tuning).run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/f")], destination: TransferEndpoint(site(local), "/d")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertLessThanOrEqual(server.counters.maxReadsInFlight, 4)
    }

    func testAnEmptyFileIsCommittedEmpty() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/empty", [])
        local.addDirectory("/d")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/empty")], destination: TransferEndpoint(site(local), "/d")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/empty"), [])
        XCTAssertEqual(report.completion(of: "/empty")?.sha256, ContentDigest.emptyHex)
    }

    func testProgressEventsClimbToTheTotalAndAnnounceThePlan() async {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addFile("/f", sampleBytes(50_000))
        local.addDirectory("/d")
        server.faults.readDelay = { _ in .milliseconds(1) }
        let events = EventRecorder()
        let tuning = TransferTuning(progressEvery: .zero)

        let report = await TransferEngine(tuning: tuning, observer: events.observer).run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/f")], destination: TransferEndpoint(site(local), "/d")))

        XCTAssertEqual(report.exitCode, .success)
        guard case .planned(_, let files, let bytes)? = events.all.first else { return XCTFail("no plan event first") }
        XCTAssertEqual(files, 1)
        XCTAssertEqual(bytes, 50_000)
        XCTAssertEqual(events.starts, [TransferStart(
            source: TransferAddress(location: "srv", path: "/f"), destination: TransferAddress(location: "local", path: "/d/f"),
            totalBytes: 50_000, resumingFrom: 0)])
        let done = events.progress.map(\.bytesDone)
        XCTAssertGreaterThan(done.count, 2)
        XCTAssertEqual(done, done.sorted(), "progress went backwards")
        XCTAssertEqual(done.last, 50_000)
        XCTAssertEqual(events.progress.last?.bytesSent, 50_000)
        XCTAssertNotNil(events.progress.last?.bytesPerSecond)
        guard case .settled(let settled)? = events.all.last else { return XCTFail("no settled event last") }
        XCTAssertEqual(settled.exitCode, .success)
    }

    func testATreeIsCopiedWithItsDirectoriesModesAndMtimes() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addDirectory("/proj", mode: 0o750, modified: 1_400_000_000)
        server.addDirectory("/proj/src", mode: 0o700, modified: 1_400_000_100)
        server.addFile("/proj/src/main.c", sampleBytes(3000, seed: 2), mode: 0o600, modified: 1_400_000_200)
        server.addFile("/proj/README", sampleBytes(10, seed: 3), mode: 0o644, modified: 1_400_000_300)
        server.addDirectory("/proj/empty", mode: 0o555, modified: 1_400_000_400)
        local.addDirectory("/work")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/proj")], destination: TransferEndpoint(site(local), "/work"),
            recursive: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/work/proj/src/main.c"), sampleBytes(3000, seed: 2))
        XCTAssertEqual(local.contents("/work/proj/README"), sampleBytes(10, seed: 3))
        XCTAssertEqual(local.node("/work/proj"), .directory(mode: 0o750, modified: 1_400_000_000))
        XCTAssertEqual(local.node("/work/proj/src"), .directory(mode: 0o700, modified: 1_400_000_100))
        XCTAssertEqual(local.node("/work/proj/empty"), .directory(mode: 0o555, modified: 1_400_000_400))
        let totals = report.totals
        XCTAssertEqual(totals.files, 2)
        XCTAssertEqual(totals.completed, 2)
        XCTAssertEqual(totals.directoriesCreated, 3)
        XCTAssertEqual(totals.bytes, 3010)
    }

    func testATreeMergesIntoAnExistingDirectoryLeavingItsOtherFilesAndMode() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addDirectory("/proj", mode: 0o700)
        server.addFile("/proj/new.txt", sampleBytes(5))
        local.addDirectory("/work/proj", mode: 0o755, modified: 42)
        local.addFile("/work/proj/mine.txt", sampleBytes(6, seed: 9))

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/proj")], destination: TransferEndpoint(site(local), "/work"),
            recursive: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/work/proj/new.txt"), sampleBytes(5))
        XCTAssertEqual(local.contents("/work/proj/mine.txt"), sampleBytes(6, seed: 9))
        guard case .directory(let mode, _)? = local.node("/work/proj") else { return XCTFail("no directory") }
        XCTAssertEqual(mode, 0o755, "a merged directory keeps its own mode")
        guard case .directory(let created)? = report.outcome(of: "/proj") else { return XCTFail("no directory outcome") }
        XCTAssertFalse(created)
    }

    func testSymlinksInATreeAreCopiedAsSymlinks() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/t/file", sampleBytes(4))
        server.addSymlink("/t/link", to: "file")
        local.addDirectory("/d")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/t")], destination: TransferEndpoint(site(local), "/d"), recursive: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.node("/d/t/link"), .symlink(target: "file"))
        guard case .linked(let target)? = report.outcome(of: "/t/link") else { return XCTFail("not linked") }
        XCTAssertEqual(target, "file")
        XCTAssertEqual(report.totals.linked, 1)
    }

    func testSymlinksAreSkippedAndSaidSoWhereTheDestinationCannotMakeThem() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/t/file", sampleBytes(4))
        server.addSymlink("/t/link", to: "file")
        local.addDirectory("/d")
        local.faults.symlinksUnsupported = true

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/t")], destination: TransferEndpoint(site(local), "/d"), recursive: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertNil(local.node("/d/t/link"))
        guard case .skipped(.symlinkUnsupported)? = report.outcome(of: "/t/link") else { return XCTFail("not skipped") }
        XCTAssertEqual(local.contents("/d/t/file"), sampleBytes(4))
    }

    func testANamedSymlinkSourceIsFollowed() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/real", sampleBytes(8))
        server.addSymlink("/alias", to: "/real")
        local.addDirectory("/d")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/alias")], destination: TransferEndpoint(site(local), "/d")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/alias"), sampleBytes(8))
    }

    func testPartialFilesInASourceTreeAreSkippedAndReportedByName() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/t/a", sampleBytes(4))
        server.addFile("/t/.b.termind-partial", sampleBytes(4))
        local.addDirectory("/d")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/t")], destination: TransferEndpoint(site(local), "/d"), recursive: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(report.files.map(\.source.path), ["/t", "/t/.b.termind-partial", "/t/a"])
        guard case .skipped(.partialFileName) = report.files[1].outcome else {
            return XCTFail("\(report.files[1].outcome) is not a skip for its partial-like name")
        }
        XCTAssertNil(local.contents("/d/t/.b.termind-partial"))
    }

    func testACopyOnOneServerWithCopyDataStaysOnTheServer() async {
        let server = MemoryFileSystem(location: "srv", extensions: ["copy-data": "1"])
        let bytes = sampleBytes(20_000)
        server.addFile("/a/f", bytes, mode: 0o600, modified: 1_300_000_000)
        server.addDirectory("/b")
        let primary = site(server)

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(primary, "/a/f")], destination: TransferEndpoint(primary, "/b")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(server.contents("/b/f"), bytes)
        XCTAssertEqual(server.counters.copyDataCalls, 1)
        XCTAssertEqual(server.counters.bytesRead, 0, "bytes crossed the network")
        let completion = report.completion(of: "/a/f")
        XCTAssertEqual(completion?.serverSideCopy, true)
        XCTAssertNil(completion?.sha256)
        guard case .file(_, let mode, let modified, _)? = server.node("/b/f") else { return XCTFail("no file") }
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(modified, 1_300_000_000)
    }

    func testACopyOnOneServerWithoutCopyDataIsRelayed() async {
        let server = MemoryFileSystem(location: "srv")
        let bytes = sampleBytes(20_000)
        server.addFile("/a/f", bytes)
        server.addDirectory("/b")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/a/f")], destination: TransferEndpoint(site(server), "/b")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(server.contents("/b/f"), bytes)
        XCTAssertEqual(server.counters.copyDataCalls, 0)
        XCTAssertEqual(report.completion(of: "/a/f")?.sha256, ContentDigest.hex(of: bytes))
    }

    func testACopyBetweenTwoServersIsRelayedThroughThisMachine() async {
        let one = MemoryFileSystem(location: "one", extensions: ["copy-data": "1"])
        let two = MemoryFileSystem(location: "two", extensions: ["copy-data": "1"])
        let bytes = sampleBytes(30_000)
        one.addFile("/f", bytes)
        two.addDirectory("/d")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(one), "/f")], destination: TransferEndpoint(site(two), "/d")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(two.contents("/d/f"), bytes)
        XCTAssertEqual(one.counters.copyDataCalls + two.counters.copyDataCalls, 0)
        XCTAssertEqual(one.counters.bytesRead, 30_000)
    }

    func testSeveralSourcesGoIntoADirectoryUnderTheirNames() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/x/a", sampleBytes(3, seed: 1))
        server.addFile("/y/b", sampleBytes(3, seed: 2))
        local.addDirectory("/d")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/x/a"), TransferEndpoint(site(server), "/y/b")],
            destination: TransferEndpoint(site(local), "/d")))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/a"), sampleBytes(3, seed: 1))
        XCTAssertEqual(local.contents("/d/b"), sampleBytes(3, seed: 2))
    }
}
