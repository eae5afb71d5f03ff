import Synchronization
import TermindApplication
import TermindDomain
import XCTest

/// Extra silent connections: opened for parallel transfers, and when they cannot open the
/// site's own connection is used one transfer at a time.
final class TransferConnectionsTests: XCTestCase {
    private func rig() -> (MemoryFileSystem, MemoryFileSystem) {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        for index in 0..<8 { server.addFile("/s/f\(index)", sampleBytes(4000, seed: UInt64(index))) }
        local.addDirectory("/d")
        server.faults.readDelay = { _ in .milliseconds(30) }
        return (server, local)
    }

    private func batch(_ server: TransferSite, _ local: MemoryFileSystem) -> TransferBatch {
        TransferBatch(sources: [TransferEndpoint(server, "/s")], destination: TransferEndpoint(site(local), "/d"), recursive: true)
    }

    func testExtraConnectionsAreOpenedForParallelTransfersAndClosedAfterwards() async {
        let (server, local) = rig()
        let extras = Mutex<[MemoryFileSystem]>([])
        let closed = Mutex(0)
        let serverSite = TransferSite(
            fileSystem: server, primaryTransfers: 1,
            openExtra: {
                let extra = MemoryFileSystem(location: "srv", chunkSize: 1000)
                for index in 0..<8 { extra.addFile("/s/f\(index)", sampleBytes(4000, seed: UInt64(index))) }
                extra.faults.readDelay = { _ in .milliseconds(30) }
                extras.withLock { $0.append(extra) }
                return extra
            },
            closeExtra: { _ in closed.withLock { $0 += 1 } })

        let report = await TransferEngine(parallel: 4).run(batch(serverSite, local))

        XCTAssertEqual(report.exitCode, .success)
        let opened = extras.withLock { $0 }
        XCTAssertEqual(opened.count, 3, "one transfer on the site's connection, three on extras")
        XCTAssertTrue(opened.allSatisfy { $0.counters.bytesRead > 0 })
        XCTAssertEqual(closed.withLock { $0 }, 3)
        XCTAssertEqual(local.counters.maxOpenWriters, 4)
    }

    func testWhenExtrasCannotOpenTheSitesConnectionServesOneTransferAtATime() async {
        let (server, local) = rig()
        let attempts = Mutex(0)
        let serverSite = TransferSite(
            fileSystem: server, primaryTransfers: 0,
            openExtra: {
                attempts.withLock { $0 += 1 }
                throw SSHFailure(.connect, connection: "srv", detail: "refused")
            })

        let report = await TransferEngine(parallel: 4).run(batch(serverSite, local))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(report.totals.completed, 8)
        XCTAssertEqual(local.counters.maxOpenWriters, 1, "transfers shared the connection at once")
        XCTAssertEqual(attempts.withLock { $0 }, 1, "a failed extra is not retried within the Batch")
    }

    func testAPanesConnectionIsLeftAloneWhileExtrasOpen() async {
        let (server, local) = rig()
        let serverSite = TransferSite(
            fileSystem: server, primaryTransfers: 0,
            openExtra: {
                let extra = MemoryFileSystem(location: "srv", chunkSize: 1000)
                for index in 0..<8 { extra.addFile("/s/f\(index)", sampleBytes(4000, seed: UInt64(index))) }
                return extra
            })

        let report = await TransferEngine(parallel: 2).run(batch(serverSite, local))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(server.counters.bytesRead, 0, "a transfer used the pane's connection")
    }

    func testASiteWithoutExtrasRunsItsTransfersOneAtATime() async {
        let (server, local) = rig()

        let report = await TransferEngine(parallel: 4).run(batch(TransferSite(fileSystem: server), local))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.counters.maxOpenWriters, 1)
    }
}
