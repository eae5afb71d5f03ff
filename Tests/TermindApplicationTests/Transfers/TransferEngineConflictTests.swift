import TermindApplication
import TermindDomain
import XCTest

/// Destinations that already exist: overwrite by atomic rename, skip, keep both under a free
/// name, fail; one policy for the Batch or a question per conflict; directories merge.
final class TransferEngineConflictTests: XCTestCase {
    private func copy(_ conflicts: ConflictHandling, server: MemoryFileSystem, local: MemoryFileSystem, sources: [String] = ["/f.txt"])
        async -> TransferBatchReport
    {
        await TransferEngine().run(TransferBatch(
            sources: sources.map { TransferEndpoint(site(server), $0) }, destination: TransferEndpoint(site(local), "/d"),
            conflicts: conflicts))
    }

    private func rig() -> (MemoryFileSystem, MemoryFileSystem) {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/f.txt", sampleBytes(2000, seed: 1))
        local.addFile("/d/f.txt", sampleBytes(50, seed: 2))
        return (server, local)
    }

    func testOverwriteReplacesByAtomicRenameAndNeverUnlinksTheOriginal() async {
        let (server, local) = rig()

        let report = await copy(.apply(.overwrite), server: server, local: local)

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/f.txt"), sampleBytes(2000, seed: 1))
        XCTAssertEqual(local.counters.renames.map(\.replacing), [true])
        XCTAssertEqual(local.counters.renames.map(\.to), ["/d/f.txt"])
        XCTAssertFalse(local.counters.removed.contains("/d/f.txt"), "the original was unlinked")
    }

    func testAnOverwriteThatFailsBeforeItsCommitLeavesTheOriginalIntact() async {
        let (server, local) = rig()
        local.faults.dropAfterWrittenBytes = 1000

        let report = await copy(.apply(.overwrite), server: server, local: local)

        XCTAssertEqual(report.exitCode, .transferIncomplete)
        XCTAssertEqual(local.contents("/d/f.txt"), sampleBytes(50, seed: 2))
        XCTAssertNotNil(report.pause(of: "/f.txt")?.partial)
        XCTAssertTrue(local.counters.renames.isEmpty)
    }

    func testSkipLeavesTheDestinationAlone() async {
        let (server, local) = rig()

        let report = await copy(.apply(.skip), server: server, local: local)

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/f.txt"), sampleBytes(50, seed: 2))
        guard case .skipped(.destinationExists)? = report.outcome(of: "/f.txt") else { return XCTFail("not skipped") }
        XCTAssertEqual(server.counters.bytesRead, 0)
    }

    func testKeepBothWritesTheFirstFreeNumberedName() async {
        let (server, local) = rig()
        local.addFile("/d/f (1).txt", sampleBytes(1, seed: 3))

        let report = await copy(.apply(.keepBoth), server: server, local: local)

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/f (2).txt"), sampleBytes(2000, seed: 1))
        XCTAssertEqual(local.contents("/d/f.txt"), sampleBytes(50, seed: 2))
        XCTAssertEqual(local.contents("/d/f (1).txt"), sampleBytes(1, seed: 3))
        XCTAssertEqual(report.files.first?.destination.path, "/d/f (2).txt")
        XCTAssertEqual(local.counters.renames.map(\.from), ["/d/.f (2).txt.termind-partial"])
        XCTAssertEqual(local.counters.renames.map(\.replacing), [false])
    }

    func testFailStopsTheFileSayingHowToChoose() async {
        let (server, local) = rig()

        let report = await copy(.apply(.fail), server: server, local: local)

        XCTAssertEqual(report.exitCode, .failure)
        let error = report.failure(of: "/f.txt")?.error as? TransferError
        XCTAssertEqual(error?.kind, .destinationExists)
        XCTAssertEqual(error?.address, TransferAddress(location: "local", path: "/d/f.txt"))
        XCTAssertTrue(error?.description.contains("--on-conflict") == true, error?.description ?? "")
        XCTAssertEqual(local.contents("/d/f.txt"), sampleBytes(50, seed: 2))
    }

    func testAQuestionIsAskedPerConflictOneAtATime() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        for name in ["a", "b", "c"] {
            server.addFile("/s/\(name)", sampleBytes(100, seed: 1))
            local.addFile("/d/\(name)", sampleBytes(10, seed: 2))
        }
        let resolver = ScriptedResolver([ConflictAnswer(.skip), ConflictAnswer(.overwrite), ConflictAnswer(.keepBoth)])

        let report = await copy(.ask(resolver), server: server, local: local, sources: ["/s/a", "/s/b", "/s/c"])

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(resolver.asked.count, 3)
        XCTAssertEqual(resolver.maxConcurrent, 1, "two questions were open at once")
        XCTAssertEqual(Set(resolver.asked.map(\.destination.path)), ["/d/a", "/d/b", "/d/c"])
        XCTAssertEqual(resolver.asked.first?.existing.size, 10)
        XCTAssertEqual(resolver.asked.first?.sourceAttributes.size, 100)
        let outcomes = report.files.map { file -> String in
            switch file.outcome {
            case .skipped: "skipped"
            case .completed: file.destination.path
            default: "other"
            }
        }
        XCTAssertEqual(outcomes.filter { $0 == "skipped" }.count, 1)
        XCTAssertEqual(outcomes.filter { $0.hasSuffix("(1)") }.count, 1)
    }

    func testAnAnswerForTheRestOfTheBatchIsNotAskedAgain() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        for name in ["a", "b", "c", "d"] {
            server.addFile("/s/\(name)", sampleBytes(100, seed: 1))
            local.addFile("/d/\(name)", sampleBytes(10, seed: 2))
        }
        let resolver = ScriptedResolver([ConflictAnswer(.overwrite, applyToRest: true)])

        let report = await copy(.ask(resolver), server: server, local: local, sources: ["/s/a", "/s/b", "/s/c", "/s/d"])

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(resolver.asked.count, 1)
        for name in ["a", "b", "c", "d"] { XCTAssertEqual(local.contents("/d/\(name)"), sampleBytes(100, seed: 1)) }
    }

    func testAResolverThatCannotAskFailsTheFileWithItsExitCode() async {
        struct NoTerminal: ConflictResolver {
            struct Refusal: CategorizedFailure {
                var exitCode: ExitCode { .interactionRequired }
                var description: String { "a conflict needs an answer and nothing may prompt" }
            }
            func resolve(_ conflict: TransferConflict) async throws -> ConflictAnswer { throw Refusal() }
        }
        let (server, local) = rig()

        let report = await copy(.ask(NoTerminal()), server: server, local: local)

        XCTAssertEqual(report.exitCode, .interactionRequired)
    }

    func testADirectoryInTheWayOfAFileIsNotOverwritten() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/f.txt", sampleBytes(10))
        local.addDirectory("/d/f.txt")

        let report = await copy(.apply(.overwrite), server: server, local: local)

        XCTAssertEqual((report.failure(of: "/f.txt")?.error as? TransferError)?.kind, .directoryInTheWay)
        XCTAssertEqual(report.exitCode, .failure)
    }

    func testAFileInTheWayOfADirectoryIsAConflictKeepBothNamesTheDirectory() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/tree/inside", sampleBytes(10))
        local.addFile("/d/tree", sampleBytes(3))

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/d"),
            recursive: true, conflicts: .apply(.keepBoth)))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(local.contents("/d/tree (1)/inside"), sampleBytes(10))
        XCTAssertEqual(local.contents("/d/tree"), sampleBytes(3))
    }

    func testAFileInTheWayOfADirectoryFailsItsWholeTreeUnderFail() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/tree/inside", sampleBytes(10))
        local.addFile("/d/tree", sampleBytes(3))

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/d"),
            recursive: true, conflicts: .apply(.overwrite)))

        XCTAssertEqual((report.failure(of: "/tree")?.error as? TransferError)?.kind, .fileInTheWay)
        XCTAssertEqual((report.failure(of: "/tree/inside")?.error as? TransferError)?.kind, .parentNotCreated)
        XCTAssertEqual(report.exitCode, .failure)
        XCTAssertEqual(server.counters.bytesRead, 0)
    }
}
