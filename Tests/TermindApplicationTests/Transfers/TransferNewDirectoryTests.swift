import TermindApplication
import TermindDomain
import XCTest

/// A file going into a directory this run created is not looked for first: nothing was at its
/// name when the directory was made. One that takes the name while the copy runs is still a
/// conflict, settled by the Batch's policy when the commit's rename (which never replaces)
/// finds it.
final class TransferNewDirectoryTests: XCTestCase {
    private let first = sampleBytes(5000, seed: 1)
    private let planted = sampleBytes(30, seed: 9)

    private func rig() -> (MemoryFileSystem, MemoryFileSystem) {
        let server = MemoryFileSystem(location: "srv", chunkSize: 1000)
        let local = MemoryFileSystem(location: "local", chunkSize: 1000)
        server.addDirectory("/t")
        server.addFile("/t/a.txt", first)
        local.addDirectory("/d")
        return (server, local)
    }

    private func copyTree(_ conflicts: ConflictHandling, server: MemoryFileSystem, local: MemoryFileSystem) async -> TransferBatchReport {
        await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/t")], destination: TransferEndpoint(site(local), "/d"),
            recursive: true, conflicts: conflicts))
    }

    func testAFileInADirectoryThisRunCreatedIsNotLookedForBeforeItIsCopied() async {
        let (server, local) = rig()
        let created = await copyTree(.apply(.fail), server: server, local: local)
        XCTAssertEqual(created.exitCode, .success)
        XCTAssertEqual(local.contents("/d/t/a.txt"), first)
        XCTAssertFalse(local.counters.lstats.contains("/d/t/a.txt"), "\(local.counters.lstats)")

        // Merged into a directory that was already there: the file is looked for first.
        server.addFile("/t/b.txt", first)
        let merged = await copyTree(.apply(.skip), server: server, local: local)
        XCTAssertEqual(merged.exitCode, .success)
        XCTAssertTrue(local.counters.lstats.contains("/d/t/b.txt"), "\(local.counters.lstats)")
        guard case .skipped(.destinationExists)? = merged.outcome(of: "/t/a.txt") else { return XCTFail("a.txt was not skipped") }
    }

    /// The copy of `/t/a.txt` into the new `/d/t` held halfway while a file takes its name.
    private func copyWhileAFileTakesTheName(_ policy: ConflictPolicy) async -> (TransferBatchReport, MemoryFileSystem) {
        let (server, local) = rig()
        local.faults.gateAtOffset = 2000
        let engine = TransferEngine()
        let id = await engine.submit(TransferBatch(
            sources: [TransferEndpoint(site(server), "/t")], destination: TransferEndpoint(site(local), "/d"),
            recursive: true, conflicts: .apply(policy)))
        await local.gateReached()
        local.addFile("/d/t/a.txt", planted)
        local.openGate()
        return (await engine.wait(for: id), local)
    }

    func testAFileThatTakesTheNameMeanwhileFailsTheCopyUnderFailAndIsLeftAlone() async {
        let (report, local) = await copyWhileAFileTakesTheName(.fail)
        XCTAssertEqual((report.failure(of: "/t/a.txt")?.error as? TransferError)?.kind, .destinationExists)
        XCTAssertEqual(local.contents("/d/t/a.txt"), planted)
    }

    func testAFileThatTakesTheNameMeanwhileIsLeftAloneUnderSkip() async {
        let (report, local) = await copyWhileAFileTakesTheName(.skip)
        guard case .skipped(.destinationExists)? = report.outcome(of: "/t/a.txt") else { return XCTFail("not skipped") }
        XCTAssertEqual(local.contents("/d/t/a.txt"), planted)
        XCTAssertTrue(local.node("/d/t/.a.txt.termind-partial") == nil, "the partial was left")
    }

    func testAFileThatTakesTheNameMeanwhileIsKeptBesideTheCopyUnderKeepBoth() async {
        let (report, local) = await copyWhileAFileTakesTheName(.keepBoth)
        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/t/a.txt"), planted)
        XCTAssertEqual(local.contents("/d/t/a (1).txt"), first)
    }
}
