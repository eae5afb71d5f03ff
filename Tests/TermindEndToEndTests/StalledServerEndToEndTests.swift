import Foundation
import TermindTestSupport
import XCTest

/// A server that stops answering (issue 28, point 4): a request left unanswered fails after
/// `--io-timeout` naming it, keeping the partial for `--resume`; Ctrl-C and SIGTERM end `cp`
/// and `ls` within a second however stuck the server is, saying the command was cancelled.
final class StalledServerEndToEndTests: MisbehavingServerTestCase {
    override class var directoryPrefix: String { "termind-stalled" }

    func testAStalledReadFailsAfterTheIOTimeoutNamingTheRequestKeepsThePartialAndResumes() throws {
        let content = try served("v/slow", bytes: 1 << 20)
        try startLiar { $0.stall = [.init(op: "read", path: "/v/slow")] }

        let began = Date()
        let copy = try runAgainstLiar("cp", ["--io-timeout", "2", try onLiar("/v/slow"), local.path + "/"])
        let took = Date().timeIntervalSince(began)

        XCTAssertEqual(copy.status, 8, "a partial kept is what a script must act on: \(copy.stderr)")
        XCTAssertTrue(copy.stderr.contains("the server did not answer READ for /v/slow in 2 s"), copy.stderr)
        XCTAssertTrue(copy.stderr.contains("try again, or raise --io-timeout"), copy.stderr)
        XCTAssertTrue(copy.stderr.contains("run the same command with --resume"), copy.stderr)
        XCTAssertGreaterThanOrEqual(took, 2, "the timeout is the one given")
        XCTAssertLessThan(took, 10, "the copy waited far past its timeout")
        XCTAssertTrue(FileManager.default.fileExists(atPath: local.path + "/.slow.termind-partial"), "the partial was not kept")
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.path + "/slow"))

        // The same server, answering again: the kept partial is continued.
        try startLiar()
        let resumed = try runAgainstLiar("cp", ["--resume", try onLiar("/v/slow"), local.path + "/"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: local.path + "/slow"), content)
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.path + "/.slow.termind-partial"))
    }

    func testAStalledListingFailsAfterTheIOTimeoutWithTheConnectionExitCode() throws {
        try served("v/wide/one", bytes: 1)
        try startLiar { $0.stall = [.init(op: "readdir", path: "/v/wide")] }

        let began = Date()
        let listing = try runAgainstLiar("ls", ["--io-timeout", "2", try onLiar("/v/wide")])
        let took = Date().timeIntervalSince(began)

        XCTAssertEqual(listing.status, 7, "a server that stopped answering is a connection failure: \(listing.stderr)")
        XCTAssertTrue(listing.stderr.contains("the server did not answer READDIR for /v/wide in 2 s"), listing.stderr)
        XCTAssertTrue(listing.stderr.contains(":/v/wide: reading the directory failed"), listing.stderr)
        XCTAssertGreaterThanOrEqual(took, 2)
        XCTAssertLessThan(took, 10)
        XCTAssertEqual(listing.stdout, "")
    }

    func testCtrlCEndsACopyStuckOnAStalledReadWithinASecondKeepingThePartial() throws {
        try assertSignalEndsAStalledCopy(SIGINT)
    }

    func testSIGTERMEndsACopyStuckOnAStalledReadWithinASecondKeepingThePartial() throws {
        try assertSignalEndsAStalledCopy(SIGTERM)
    }

    func testCtrlCEndsAnLsOnAStalledListingWithinASecond() throws {
        try served("v/wide/one", bytes: 1)
        for op in ["opendir", "readdir"] {
            try startLiar { $0.stall = [.init(op: op, path: "/v/wide")] }
            let listing = try startAgainstLiar("ls", [try onLiar("/v/wide")])
            try XCTUnwrap(liar).waitForEvent("sftp_stall", timeout: 20)

            let (output, took) = try signal(listing, SIGINT)

            XCTAssertLessThan(took, 1, "ls took \(took) s to stop after SIGINT on a stalled \(op)")
            XCTAssertEqual(output.status, 130, output.stderr)
            XCTAssertTrue(output.stderr.contains("interrupted: the listing of"), output.stderr)
            XCTAssertFalse(output.stderr.contains("CancellationError"), output.stderr)
            XCTAssertEqual(output.stdout, "")
        }
    }

    func testCtrlCDuringAStalledTreeWalkSaysTheCopyWasCancelledNotThatSomethingFailed() throws {
        try served("v/tree/a/f", bytes: 10)
        try served("v/tree/stuck/g", bytes: 10)
        try startLiar { $0.stall = [.init(op: "opendir", path: "/v/tree/stuck")] }
        let copy = try startAgainstLiar("cp", ["-r", try onLiar("/v/tree"), local.path + "/"])
        try XCTUnwrap(liar).waitForEvent("sftp_stall", timeout: 20)

        let (output, took) = try signal(copy, SIGINT)

        XCTAssertLessThan(took, 1, "cp took \(took) s to stop after SIGINT in its tree walk")
        XCTAssertEqual(output.status, 130, output.stderr)
        // The walk is streamed: tree/a/f may have begun (a partial kept) while stuck was listed.
        XCTAssertTrue(output.stderr.contains("interrupted: the copy was cancelled"), output.stderr)
        XCTAssertFalse(output.stderr.contains("CancellationError"), output.stderr)
        XCTAssertFalse(output.stderr.contains("failed"), output.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.path + "/tree/a/f"))
    }

    // MARK: - Helpers

    /// A download stuck on a READ the server never answers (the default timeout, 60 s), ended
    /// by `number`: within a second, exit 130, said to be cancelled, the partial kept.
    private func assertSignalEndsAStalledCopy(_ number: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        try served("v/slow", bytes: 1 << 20)
        try startLiar { $0.stall = [.init(op: "read", path: "/v/slow")] }
        let copy = try startAgainstLiar("cp", [try onLiar("/v/slow"), local.path + "/"])
        try XCTUnwrap(liar).waitForEvent("sftp_stall", timeout: 20)

        let (output, took) = try signal(copy, number)

        XCTAssertLessThan(took, 1, "cp took \(took) s to stop after signal \(number)", file: file, line: line)
        XCTAssertEqual(output.status, 130, output.stderr, file: file, line: line)
        XCTAssertTrue(output.stderr.contains("interrupted: the copy was cancelled"), output.stderr, file: file, line: line)
        XCTAssertTrue(output.stderr.contains(".slow.termind-partial"), "the partial is listed: \(output.stderr)", file: file, line: line)
        XCTAssertFalse(output.stderr.contains("CancellationError"), output.stderr, file: file, line: line)
        XCTAssertFalse(output.stderr.contains("failed"), output.stderr, file: file, line: line)
        XCTAssertTrue(FileManager.default.fileExists(atPath: local.path + "/.slow.termind-partial"), "the partial was not kept",
                      file: file, line: line)
    }

    /// Writes `bytes` random bytes at `relative` under the served directory; returns them.
    @discardableResult
    private func served(_ relative: String, bytes: Int) throws -> Data {
        let url = URL(fileURLWithPath: served.path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let content = Data((0..<bytes).map { _ in UInt8.random(in: 0...255) })
        try content.write(to: url)
        return content
    }

    /// `termind COMMAND --batch --accept-new -i KEY ARGUMENTS...` against the lying server, in
    /// the background.
    private func startAgainstLiar(_ command: String, _ arguments: [String]) throws -> ChildProcess {
        let server = try XCTUnwrap(liar, "startLiar first")
        return try home.start([command, "--batch", "--accept-new", "-i", server.clientPrivateKeyPath] + arguments)
    }

    /// Sends `number` to `child` and waits (up to 10 s) for it to exit: what it printed and
    /// how long it took after the signal.
    private func signal(_ child: ChildProcess, _ number: Int32) throws -> (ChildProcess.Output, TimeInterval) {
        XCTAssertTrue(child.isRunning, "it ended before the signal")
        let sent = Date()
        child.signal(number)
        let output = child.waitForExit(within: 10)
        let took = Date().timeIntervalSince(sent)
        return (try XCTUnwrap(output, "still running 10 s after signal \(number)"), took)
    }
}
