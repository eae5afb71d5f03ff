import TermindApplication
import TermindDomain
import XCTest

/// A symlink already at the destination where a directory of the tree would go, on a server
/// (the memory file system plays one): looked at with `lstat`, it is a conflict named as a
/// symlink, settled like a file in the way, and nothing is ever written through it.
final class TransferSymlinkInTheWayTests: XCTestCase {
    private func copy(_ policy: ConflictPolicy) async -> (TransferBatchReport, MemoryFileSystem) {
        let source = MemoryFileSystem(location: "here")
        let server = MemoryFileSystem(location: "srv")
        source.addFile("/tree/inside", sampleBytes(10, seed: 1))
        server.addFile("/elsewhere/inside", sampleBytes(5, seed: 2))
        server.addSymlink("/d/tree", to: "/elsewhere")
        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(source), "/tree")], destination: TransferEndpoint(site(server), "/d"),
            recursive: true, conflicts: .apply(policy)))
        return (report, server)
    }

    private func assertElsewhereUntouched(_ server: MemoryFileSystem, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(server.contents("/elsewhere/inside"), sampleBytes(5, seed: 2), file: file, line: line)
        XCTAssertEqual(server.paths.filter { $0.hasPrefix("/elsewhere/") }, ["/elsewhere/inside"], file: file, line: line)
        XCTAssertEqual(server.node("/d/tree"), .symlink(target: "/elsewhere"), file: file, line: line)
    }

    func testUnderFailOrOverwriteTheSymlinkFailsItsTreeNamingItAsASymlink() async {
        for policy in [ConflictPolicy.fail, .overwrite] {
            let (report, server) = await copy(policy)

            let error = report.failure(of: "/tree")?.error as? TransferError
            XCTAssertEqual(error?.kind, .symlinkInTheWay, "\(policy)")
            XCTAssertEqual(
                error.map { "\($0)" },
                "srv:/d/tree: is a symbolic link where the directory tree would go; it is never followed: move it away, or keep both (--on-conflict keep-both)")
            XCTAssertEqual((report.failure(of: "/tree/inside")?.error as? TransferError)?.kind, .parentNotCreated)
            XCTAssertEqual(report.exitCode, .failure)
            assertElsewhereUntouched(server)
        }
    }

    func testSkipLeavesTheSymlinkAndItsTreeAlone() async {
        let (report, server) = await copy(.skip)

        guard case .skipped(.destinationExists)? = report.outcome(of: "/tree") else { return XCTFail("not skipped") }
        guard case .skipped(.directorySkipped)? = report.outcome(of: "/tree/inside") else { return XCTFail("not skipped") }
        XCTAssertEqual(report.exitCode, .success)
        assertElsewhereUntouched(server)
    }

    func testKeepBothMakesTheTreeUnderAFreeNameBesideTheSymlink() async {
        let (report, server) = await copy(.keepBoth)

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(server.contents("/d/tree (1)/inside"), sampleBytes(10, seed: 1))
        assertElsewhereUntouched(server)
    }

    func testATreeMergedIntoTheDestinationThePersonNamedFollowsItWhenItIsASymlink() async {
        let source = MemoryFileSystem(location: "here")
        let server = MemoryFileSystem(location: "srv")
        source.addDirectory("/")
        source.addFile("/inside", sampleBytes(10, seed: 1))
        server.addDirectory("/real")
        server.addSymlink("/www", to: "/real")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(source), "/")], destination: TransferEndpoint(site(server), "/www"),
            recursive: true, conflicts: .apply(.fail)))

        // (The memory file system does not resolve a symlink on the way to a deeper path, so
        // only the merge itself is looked at; `LocalTransferSafetyTests` copies through one.)
        guard case .directory(created: false)? = report.outcome(of: "/") else {
            return XCTFail("not merged: \(String(describing: report.outcome(of: "/")))")
        }
    }
}
