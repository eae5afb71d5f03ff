import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// The whole engine writing to this machine (both sides `LocalFileSystem`, as in
/// `LocalTransferTests`): a Batch works through its destination confined to the root, so a
/// symlink below it where a directory goes is a conflict and never followed; and what it
/// creates gets permission bits only, never setuid, setgid or sticky.
final class LocalTransferSafetyTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let local = TransferSite.local(LocalFileSystem())

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-local-safety")
    }

    override func tearDown() {
        directory.remove()
    }

    private func path(_ name: String) -> String { directory.path + "/" + name }

    private func write(_ text: String, to name: String, mode: mode_t = 0o644) throws {
        let url = URL(fileURLWithPath: path(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        chmod(url.path, mode)
    }

    private func mode(of name: String) -> mode_t? {
        var status = stat()
        guard lstat(path(name), &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    /// A source tree `src/plant/s/pwned.txt`, and at the destination `dl/plant/s` a symlink to
    /// `elsewhere`, which holds its own `pwned.txt`.
    private func plantSymlink() throws {
        try write("from the server", to: "src/plant/s/pwned.txt")
        try write("plain", to: "src/plant/plain.txt")
        try write("original", to: "elsewhere/pwned.txt")
        XCTAssertEqual(mkdir(path("dl"), 0o755), 0)
        XCTAssertEqual(mkdir(path("dl/plant"), 0o755), 0)
        XCTAssertEqual(symlink(path("elsewhere"), path("dl/plant/s")), 0)
    }

    private func copyPlant(_ policy: ConflictPolicy) async -> TransferBatchReport {
        await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(local, path("src/plant"))], destination: TransferEndpoint(local, path("dl")),
            recursive: true, conflicts: .apply(policy)))
    }

    private func assertElsewhereUntouched(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("elsewhere")), ["pwned.txt"], file: file, line: line)
        XCTAssertEqual(try String(contentsOfFile: path("elsewhere/pwned.txt"), encoding: .utf8), "original", file: file, line: line)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("dl/plant/s")), path("elsewhere"), file: file, line: line)
    }

    func testAMergeNeverFollowsASymlinkWhereADirectoryGoesUnderAnyPolicy() async throws {
        try plantSymlink()

        for policy in ConflictPolicy.allCases {
            let report = await copyPlant(policy)

            let directory = report.files.first { $0.source.path == path("src/plant/s") }
            let file = report.files.first { $0.source.path == path("src/plant/s/pwned.txt") }
            switch policy {
            case .fail, .overwrite:
                guard case .failed(let failure)? = directory?.outcome else { return XCTFail("\(policy): not failed") }
                XCTAssertEqual((failure.error as? TransferError)?.kind, .symlinkInTheWay, "\(policy)")
                XCTAssertEqual("\(failure)", "\(path("dl/plant/s")): is a symbolic link where the directory s would go; it is never followed: move it away, or keep both (--on-conflict keep-both)")
                XCTAssertEqual(report.exitCode, .failure)
                guard case .failed? = file?.outcome else { return XCTFail("\(policy): its file was not failed") }
            case .skip:
                guard case .skipped(.destinationExists)? = directory?.outcome else { return XCTFail("not skipped") }
                guard case .skipped(.directorySkipped)? = file?.outcome else { return XCTFail("its file not skipped") }
            case .keepBoth:
                XCTAssertEqual(report.exitCode, .success)
                XCTAssertEqual(try String(contentsOfFile: path("dl/plant/s (1)/pwned.txt"), encoding: .utf8), "from the server")
            }
            XCTAssertEqual(try String(contentsOfFile: path("dl/plant/plain.txt"), encoding: .utf8), "plain", "\(policy)")
            try assertElsewhereUntouched()
        }
    }

    func testTheDestinationTheCopyCreatesMayLieInADirectoryReachedThroughASymlinkThePersonNamed() async throws {
        try write("content", to: "src/f.txt")
        XCTAssertEqual(mkdir(path("real"), 0o755), 0)
        XCTAssertEqual(symlink(path("real"), path("named")), 0)

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(local, path("src"))], destination: TransferEndpoint(local, path("named/")), recursive: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(try String(contentsOfFile: path("real/src/f.txt"), encoding: .utf8), "content")
    }

    func testATreeMergedIntoADestinationThatIsASymlinkThePersonNamedGoesWhereItLeads() async throws {
        try write("content", to: "src/sub/f.txt")
        XCTAssertEqual(mkdir(path("real"), 0o755), 0)
        XCTAssertEqual(symlink(path("real"), path("named")), 0)

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(local, path("src/."))], destination: TransferEndpoint(local, path("named")), recursive: true))

        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(try String(contentsOfFile: path("real/sub/f.txt"), encoding: .utf8), "content")
    }

    func testSetuidSetgidAndStickyBitsAreNeverSetOnThisMachineEvenWithPreserveMode() async throws {
        try write("#!/bin/sh\n", to: "src/tree/tool", mode: 0o6777)
        XCTAssertEqual(chmod(path("src/tree"), 0o7777), 0)
        XCTAssertEqual(mode(of: "src/tree/tool"), 0o6777)

        for (preserveMode, destination) in [(false, "plain"), (true, "preserved")] {
            XCTAssertEqual(mkdir(path(destination), 0o755), 0)
            let report = await TransferEngine().run(TransferBatch(
                sources: [TransferEndpoint(local, path("src/tree"))], destination: TransferEndpoint(local, path(destination)),
                recursive: true, preserveMode: preserveMode))

            XCTAssertEqual(report.exitCode, .success)
            XCTAssertEqual(mode(of: destination + "/tree/tool"), 0o777, "preserveMode: \(preserveMode)")
            XCTAssertEqual(mode(of: destination + "/tree"), 0o777, "preserveMode: \(preserveMode)")
        }
    }
}
