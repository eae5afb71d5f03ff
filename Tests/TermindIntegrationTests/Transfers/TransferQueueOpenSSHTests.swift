import Foundation
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

/// The workbench's transfer queue against OpenSSH's sshd: a 200 MB download paused and resumed
/// (the same SHA-256 at the end, only the rest read again), a cancel removing the partial, and
/// a Batch whose conflicts are answered "skip all".
final class TransferQueueOpenSSHTests: XCTestCase {
    private var server: SSHDServer?
    private var area: SFTPTestArea?
    private var local: TemporaryDirectory?
    private var sites: SSHDTransferSites?

    override func tearDown() async throws {
        await sites?.close()
        server?.stop()
        area?.remove()
        local?.remove()
        (server, area, local, sites) = (nil, nil, nil, nil)
    }

    private func rig() throws -> (SSHDTransferSites, SFTPTestArea, TemporaryDirectory) {
        let server = try SSHDServer.start()
        let (area, local, sites) = (try SFTPTestArea(), try TemporaryDirectory(prefix: "termind-queue"), SSHDTransferSites(server))
        (self.server, self.area, self.local, self.sites) = (server, area, local, sites)
        return (sites, area, local)
    }

    /// `megabytes` MB of random bytes in the area, made by `head` (faster than Swift here).
    private func randomFile(_ name: String, megabytes: Int, in area: SFTPTestArea) throws -> String {
        let path = area.path(name)
        let made = try ChildProcess.run("sh", ["-c", "head -c \(megabytes)000000 /dev/urandom > '\(path)' && chmod 644 '\(path)'"])
        guard made.status == 0 else { throw TestRigError("making \(path): \(made.stderr)") }
        return path
    }

    private func item(_ queue: TransferQueue) -> TransferQueueItem? { queue.state.items.first }

    func testA200MBDownloadPausedAndResumedEndsWithTheSameSHA256() async throws {
        let (sites, area, local) = try rig()
        let source = try randomFile("big.bin", megabytes: 200, in: area)
        let store = InMemoryPartialTransferStore()
        let queue = TransferQueue(sites: sites, store: store)
        let began = ContinuousClock.now

        let batch = try await queue.submit(TransferRequest(source: .host("sshd"), paths: [source], destination: .local, directory: local.path))
        await eventually("50 MB arrived", timeout: .seconds(120), showing: "\(String(describing: self.item(queue)))") {
            (self.item(queue)?.bytesDone ?? 0) >= 50_000_000
        }
        let id = try XCTUnwrap(item(queue)?.id)
        XCTAssertEqual(item(queue)?.state, .running)
        XCTAssertEqual(item(queue)?.direction, .download)
        XCTAssertNotNil(item(queue)?.bytesPerSecond)
        await queue.pause(id)
        _ = await queue.wait(for: batch)
        let pausedAt = ContinuousClock.now

        XCTAssertEqual(item(queue)?.state, .paused)
        let partial = local.path + "/.big.bin.termind-partial"
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial), "the partial is kept")
        let record = await store.load(destination: TransferAddress(location: "local", path: local.path + "/big.bin"))
        let kept = try XCTUnwrap(record?.verifiedBytes)
        XCTAssertGreaterThanOrEqual(kept, 50_000_000)
        XCTAssertLessThan(kept, 200_000_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.path + "/big.bin"), "nothing committed while paused")

        try await queue.resume(id)
        let report = await queue.wait(for: batch)
        let done = ContinuousClock.now

        guard case .completed(let completion)? = report.files.first?.outcome else {
            return XCTFail("not completed: \(report.files.map(\.outcome))")
        }
        XCTAssertEqual(completion.resumedFrom, kept, "continued from the verified prefix")
        XCTAssertEqual(completion.bytesSent, 200_000_000 - kept, "only the rest was read again")
        XCTAssertEqual(try SFTPTestArea.sha256(ofFile: local.path + "/big.bin"), try SFTPTestArea.sha256(ofFile: source))
        XCTAssertEqual(completion.sha256, try SFTPTestArea.sha256(ofFile: source))
        XCTAssertFalse(FileManager.default.fileExists(atPath: partial))
        await eventually("done") { self.item(queue)?.state == .done }
        print("transfer-queue figures: 200 MB download paused at \(kept) bytes after \(pausedAt - began), resumed and done \(done - pausedAt) later, sha256 \(completion.sha256 ?? "-")")
    }

    func testCancelStopsTheDownloadAndRemovesItsPartial() async throws {
        let (sites, area, local) = try rig()
        let source = try randomFile("mid.bin", megabytes: 100, in: area)
        let queue = TransferQueue(sites: sites, store: InMemoryPartialTransferStore())

        let batch = try await queue.submit(TransferRequest(source: .host("sshd"), paths: [source], destination: .local, directory: local.path))
        await eventually("some bytes arrived", timeout: .seconds(60)) { (self.item(queue)?.bytesDone ?? 0) >= 5_000_000 }
        try await queue.cancel(try XCTUnwrap(item(queue)?.id))
        _ = await queue.wait(for: batch)

        await eventually("cancelled") { self.item(queue)?.state == .cancelled(notRemoved: []) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: local.path), [], "neither the partial nor the file is left")
    }

    func testABatchWhoseConflictsAreAnsweredSkipAllLeavesThemAloneAndCopiesTheRest() async throws {
        let (sites, area, local) = try rig()
        let remote = try area.makeDirectory("up")
        try area.write([1, 1], to: "up/a.txt")
        try area.write([2, 2], to: "up/b.txt")
        var paths: [String] = []
        for name in ["a.txt", "b.txt", "c.txt"] { paths.append(try local.write("new \(name)\n", to: name)) }
        let queue = TransferQueue(sites: sites, store: InMemoryPartialTransferStore())

        let batch = try await queue.submit(TransferRequest(source: .local, paths: paths, destination: .host("sshd"), directory: remote))
        await eventually("a question", timeout: .seconds(30)) { !queue.state.questions.isEmpty }
        let question = queue.state.questions[0]
        XCTAssertEqual(question.conflict.destination.location, "sshd")
        queue.answer(question.id, ConflictAnswer(.skip, applyToRest: true))
        let report = await queue.wait(for: batch)

        XCTAssertEqual(report.totals.skipped, 2)
        XCTAssertEqual(area.contents("up/a.txt"), [1, 1])
        XCTAssertEqual(area.contents("up/b.txt"), [2, 2])
        XCTAssertEqual(area.contents("up/c.txt"), Array("new c.txt\n".utf8))
        XCTAssertTrue(queue.state.questions.isEmpty, "the rest were not asked")
        await eventually("states") { queue.state.items.map(\.state.word).sorted() == ["done", "skipped", "skipped"] }
        XCTAssertEqual(queue.state.items.map(\.direction), [.upload, .upload, .upload])
    }

    func testACopyWithinOneServerIsMadeByTheServerWithCopyData() async throws {
        let (sites, area, _) = try rig()
        let source = try randomFile("here.bin", megabytes: 20, in: area)
        let target = try area.makeDirectory("there")
        let queue = TransferQueue(sites: sites, store: InMemoryPartialTransferStore())

        let batch = try await queue.submit(TransferRequest(source: .host("sshd"), paths: [source], destination: .host("sshd"), directory: target))
        let report = await queue.wait(for: batch)

        guard case .completed(let completion)? = report.files.first?.outcome else {
            return XCTFail("not completed: \(report.files.map(\.outcome))")
        }
        XCTAssertTrue(completion.serverSideCopy, "copy-data, no bytes through this machine")
        XCTAssertEqual(try SFTPTestArea.sha256(ofFile: target + "/here.bin"), try SFTPTestArea.sha256(ofFile: source))
        await eventually("done") { self.item(queue)?.state == .done }
        XCTAssertEqual(item(queue)?.direction, .onServer)
    }
}
