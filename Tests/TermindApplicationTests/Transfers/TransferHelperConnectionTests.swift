import Synchronization
import TermindApplication
import TermindDomain
import XCTest

/// A big download is also read through a helper connection, when an extra one can be had at
/// once; the helper never changes what arrives, and its failures are never the transfer's.
final class TransferHelperConnectionTests: XCTestCase {
    private let size = 400_000
    /// Eight reads in flight of 5 ms each: 400 chunks take a quarter of a second, time enough
    /// for a helper to join even on a loaded machine.
    private let tuning = TransferTuning(maximumRequestsInFlight: 8, helperFromBytes: 100_000)

    /// The server's own connection and a way to open extras that see `extraFile` (by default
    /// the same file), each read taking 5 ms so both have reads in flight.
    private final class Rig: Sendable {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        let extras = Mutex<[MemoryFileSystem]>([])
        let closed = Mutex(0)
        /// Files the server has beside `/s/big.bin`, on every connection.
        let others = Mutex<[String: [UInt8]]>([:])
        let extraFile: [UInt8]
        let extraModified: Int64
        let extraFaults: MemoryFileSystem.Faults

        init(size: Int, extraFile: [UInt8]?, extraModified: Int64, extraFaults: MemoryFileSystem.Faults) {
            self.extraFile = extraFile ?? sampleBytes(size)
            self.extraModified = extraModified
            self.extraFaults = extraFaults
            server.addFile("/s/big.bin", sampleBytes(size))
            server.faults.readDelay = { _ in .milliseconds(5) }
            local.addDirectory("/d")
        }

        var site: TransferSite {
            TransferSite(
                fileSystem: server, primaryTransfers: 1,
                openExtra: { [self] in
                    let extra = MemoryFileSystem(location: "srv", chunkSize: 1000)
                    extra.addFile("/s/big.bin", extraFile, modified: extraModified)
                    for (path, bytes) in others.withLock({ $0 }) { extra.addFile(path, bytes) }
                    extra.faults = extraFaults
                    extra.faults.readDelay = { _ in .milliseconds(5) }
                    extras.withLock { $0.append(extra) }
                    return extra
                },
                closeExtra: { [self] _ in closed.withLock { $0 += 1 } })
        }

        func addFile(_ path: String, _ bytes: [UInt8]) {
            server.addFile(path, bytes)
            others.withLock { $0[path] = bytes }
        }
    }

    private func rig(
        extraFile: [UInt8]? = nil, extraModified: Int64 = 1_600_000_000, extraFaults: MemoryFileSystem.Faults = .init()
    ) -> Rig {
        Rig(size: size, extraFile: extraFile, extraModified: extraModified, extraFaults: extraFaults)
    }

    private func download(_ site: TransferSite, to local: MemoryFileSystem, path: String = "/s/big.bin") async -> TransferBatchReport {
        await TransferEngine(parallel: 4, tuning: tuning).run(TransferBatch(
            sources: [TransferEndpoint(site, path)], destination: TransferEndpoint(TransferSite.local(local), "/d"),
            recursive: false))
    }

    func testABigDownloadIsReadThroughTheTransfersConnectionAndAHelperAndArrivesExact() async {
        let rig = rig()

        let report = await download(rig.site, to: rig.local)

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertTrue(rig.local.contents("/d/big.bin") == sampleBytes(size), "the copy differs from the source")
        let helpers = rig.extras.withLock { $0 }
        XCTAssertEqual(helpers.count, 1)
        XCTAssertGreaterThan(helpers[0].counters.bytesRead, 0, "the helper read nothing")
        XCTAssertGreaterThan(rig.server.counters.bytesRead, 0, "the transfer's own connection read nothing")
        XCTAssertEqual(helpers[0].counters.bytesRead + rig.server.counters.bytesRead, UInt64(size), "a chunk was read twice")
        XCTAssertEqual(report.completion(of: "/s/big.bin")?.sha256, ContentDigest.hex(of: sampleBytes(size)))
        XCTAssertEqual(rig.closed.withLock { $0 }, 1, "the helper's connection was not closed with the Batch")
    }

    func testAFileBelowTheThresholdOpensNoHelper() async {
        let rig = rig()
        rig.addFile("/s/small.bin", sampleBytes(99_999))

        let report = await download(rig.site, to: rig.local, path: "/s/small.bin")

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(rig.extras.withLock { $0.count }, 0)
    }

    func testAHelperThatSeesAnotherVersionOfTheFileReadsNothing() async {
        // The file was replaced between the two opens: same size, another mtime and content.
        let rig = rig(extraFile: sampleBytes(size, seed: 9), extraModified: 1_700_000_000)

        let report = await download(rig.site, to: rig.local)

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertTrue(rig.local.contents("/d/big.bin") == sampleBytes(size), "the copy differs from the source")
        XCTAssertEqual(rig.extras.withLock { $0.map(\.counters.bytesRead) }, [0])
    }

    func testAHelperWhoseConnectionDropsLeavesItsReadsToTheTransfersConnection() async {
        var faults = MemoryFileSystem.Faults()
        faults.dropAfterReadBytes = 50_000
        let rig = rig(extraFaults: faults)

        let report = await download(rig.site, to: rig.local)

        XCTAssertEqual(report.exitCode, .success, "\(report.files)")
        XCTAssertTrue(rig.local.contents("/d/big.bin") == sampleBytes(size), "the copy differs from the source")
        let helper = rig.extras.withLock { $0[0] }
        XCTAssertLessThanOrEqual(helper.counters.bytesRead, 50_000)
        XCTAssertEqual(rig.closed.withLock { $0 }, 1, "the broken helper was not retired")
    }

    func testAHelperNeverTakesTheConnectionsPastTheParallelLimit() async {
        // `--parallel 2` from `termind cp`: its own connection and one extra, whoever takes it.
        let rig = rig()
        rig.addFile("/s/other.bin", sampleBytes(size, seed: 3))
        let report = await TransferEngine(parallel: 2, tuning: tuning).run(TransferBatch(
            sources: [TransferEndpoint(rig.site, "/s/big.bin"), TransferEndpoint(rig.site, "/s/other.bin")],
            destination: TransferEndpoint(TransferSite.local(rig.local), "/d"), recursive: false))

        XCTAssertEqual(report.exitCode, .success, "\(report.files.map(\.outcome))")
        XCTAssertTrue(rig.local.contents("/d/big.bin") == sampleBytes(size), "the copy differs from the source")
        XCTAssertTrue(rig.local.contents("/d/other.bin") == sampleBytes(size, seed: 3), "the copy differs from the source")
        XCTAssertEqual(rig.extras.withLock { $0.count }, 1, "more connections than --parallel allows")
    }
}

/// A big upload is written through a helper connection that proved it opened the very
/// partial, and flushed through another while it is written; the helpers' failures are never
/// the upload's.
final class TransferUploadHelperTests: XCTestCase {
    private let size = 400_000

    /// A server with `/up`, each write taking `writeDelay` (eight in flight: 400 chunks take a
    /// quarter of a second at 5 ms) so helpers join while it runs, even on a loaded machine.
    private func server(writeDelay: Duration = .milliseconds(5)) -> MemoryFileSystem {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        server.addDirectory("/up")
        server.faults.writeDelay = { _ in writeDelay }
        return server
    }

    /// Uploads `/l/big.bin` into `server`'s `/up`, extras opened by `openExtra`.
    private func upload(
        to server: MemoryFileSystem, flushEvery: UInt64 = 64 << 20,
        openExtra: @escaping @Sendable () async throws -> any FileSystem
    ) async -> TransferBatchReport {
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        local.addFile("/l/big.bin", sampleBytes(size))
        let site = TransferSite(fileSystem: server, primaryTransfers: 1, openExtra: openExtra, closeExtra: { _ in })
        let tuning = TransferTuning(maximumRequestsInFlight: 8, helperFromBytes: 100_000, flushAheadEveryBytes: flushEvery)
        let report = await TransferEngine(parallel: 4, tuning: tuning)
            .run(TransferBatch(
                sources: [TransferEndpoint(TransferSite.local(local), "/l/big.bin")],
                destination: TransferEndpoint(site, "/up"), recursive: false))
        XCTAssertEqual(report.exitCode, .success, "\(report.files.map(\.outcome))")
        XCTAssertTrue(server.contents("/up/big.bin") == sampleBytes(size), "the upload differs from the source")
        return report
    }

    func testABigUploadFlushesItsPartialThroughAHelperWhileItIsWritten() async {
        let server = server()
        let opened = Mutex(0)

        _ = await upload(to: server, flushEvery: 50_000) {
            opened.withLock { $0 += 1 }
            return server
        }

        XCTAssertEqual(opened.withLock { $0 }, 2, "a helper that writes and one that flushes")
        let flushes = server.counters.flushes
        XCTAssertFalse(flushes.isEmpty, "no flush went through the helper")
        XCTAssertTrue(flushes.allSatisfy { $0.path == "/up/.big.bin.termind-partial" }, "\(flushes)")
        XCTAssertTrue(flushes.contains { $0.size > 0 && $0.size < size }, "no flush while the upload was written: \(flushes)")
    }

    func testAHelperWhoseFlushFailsIsLeftOutAndTheUploadArrives() async {
        let server = server()
        server.faults.flushesFail = true

        _ = await upload(to: server, flushEvery: 50_000) { server }

        XCTAssertEqual(server.counters.flushAttempts, 1, "a failed helper was asked again")
    }

    func testABigUploadIsAlsoWrittenThroughAHelperThatOpenedThePartialItself() async {
        let server = server()

        _ = await upload(to: server) { server }

        XCTAssertEqual(server.counters.maxOpenWriters, 2, "no helper wrote beside the partial's writer")
    }

    func testAHelperThatFindsAnotherFileAtThePartialsNameWritesNothing() async {
        // The helper's connection sees a file planted at the partial's name (as a symlink would
        // lead it): not stamped, so it is left untouched and the upload goes on alone.
        let server = server()
        let planted = MemoryFileSystem(location: "srv", chunkSize: 1000)
        planted.addFile("/up/.big.bin.termind-partial", Array("keep me".utf8))

        _ = await upload(to: server) { planted }

        XCTAssertEqual(planted.contents("/up/.big.bin.termind-partial"), Array("keep me".utf8))
        XCTAssertEqual(planted.counters.bytesWritten, 0)
        XCTAssertEqual(server.counters.maxOpenWriters, 1)
    }
}
