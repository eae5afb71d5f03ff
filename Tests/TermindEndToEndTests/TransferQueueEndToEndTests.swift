import Foundation
import TermindTestSupport
import XCTest

/// The workbench's transfer queue as a person uses it, in tmux against the rig's sshd: a copy
/// `termind cp` left interrupted is listed at start (not replayed), `r` resumes it, `p` pauses
/// it keeping the partial, `r` resumes it again, and it ends with the source's SHA-256.
final class TransferQueueEndToEndTests: CopyTestCase {
    override class var directoryPrefix: String { "termind-queue" }


    private func sha256(_ path: String) throws -> String {
        String(try ChildProcess.run("sha256sum", [path]).stdout.prefix(64))
    }

    /// The queue's line for the big file, as shown.
    private func line(_ screen: String) -> String {
        screen.split(separator: "\n").map(String.init).first { $0.contains("big.bin →") } ?? ""
    }

    func testAnInterruptedCopyIsListedThenResumedPausedAndResumedFromTheOverlay() throws {
        let server = try sshd()
        try home.addRigHosts("web", on: server)
        let source = remote.appending("big.bin").path
        let made = try ChildProcess.run("sh", ["-c", "head -c 400000000 /dev/urandom > '\(source)' && chmod 644 '\(source)'"])
        XCTAssertEqual(made.status, 0, made.stderr)

        // An earlier run: `termind cp` interrupted (Ctrl-C) once its partial shows.
        let cut = try home.bash("""
            set -m
            "$T" cp --batch --accept-new 'web:\(source)' '\(local.path)' & pid=$!
            for i in $(seq 400); do find '\(local.path)' -name '*.termind-partial' 2>/dev/null | grep -q . && break; sleep 0.02; done
            kill -INT $pid; wait $pid
            """)
        XCTAssertEqual(cut.status, 130, cut.stderr)
        let partial = local.appending(".big.bin.termind-partial").path
        let destination = local.appending("big.bin").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial))

        let session = try TmuxSession(command: [try TermindBinary.path()], environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "Navigator"), session.screen())

        // Listed at start, not replayed.
        session.keys("C-\\", "t")
        XCTAssertTrue(session.waitForScreen(where: { screen in
            screen.contains("Transfers: 0 running, 0 waiting") && self.line(screen).contains("interrupted")
                && self.line(screen).contains("web:\(source)") && screen.contains("r resumes it from its verified prefix")
        }), session.screen())
        XCTAssertTrue(session.screen().contains(" 1 transfer waiting"), "the status bar counts what waits for r: \(session.screen())")
        // Nothing runs: a replay would have started as the queue listed it.
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination), "nothing was replayed by itself")

        // r: it runs, from the verified prefix.
        session.keys("r")
        XCTAssertTrue(session.waitForScreen(where: { screen in
            self.line(screen).contains("running") && self.line(screen).contains("↓") && self.line(screen).contains("MB/s")
                && screen.contains("Transfers: 1 running") && screen.contains(" 1 transfer ")
        }, timeout: 30), session.screen())

        // Quitting now would pause it: asked first; n stays.
        session.keys("C-\\", "q")
        XCTAssertTrue(session.waitForScreen(containing: "quit, pause 1 transfer? (y/n)"), session.screen())
        session.keys("n")

        // p: paused, the partial kept.
        session.keys("p")
        XCTAssertTrue(session.waitForScreen(where: { screen in
            self.line(screen).contains("paused") && screen.contains("Transfers: 0 running, 0 waiting")
        }, timeout: 30), session.screen())
        let pausedScreen = session.screen()
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial), "the partial is kept while paused:\n\(pausedScreen)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination))

        // r again: done, the same bytes as the source.
        session.keys("r")
        XCTAssertTrue(session.waitForScreen(where: { self.line($0).contains("done") && $0.contains("400.0 MB / 400.0 MB") }, timeout: 120),
                      session.screen())
        XCTAssertEqual(try sha256(destination), try sha256(source))
        XCTAssertFalse(FileManager.default.fileExists(atPath: partial))
        print("transfer-queue overlay while paused:\n\(pausedScreen)")

        // C clears the finished line; Escape closes the overlay; quit.
        session.keys("C")
        XCTAssertTrue(session.waitForScreen(containing: "Nothing transferred yet"), session.screen())
        session.keys("Escape")
        // Escape alone: sent with the prefix in one read, the two would be Alt-prefix.
        XCTAssertTrue(session.waitForScreen(where: { !$0.contains("Nothing transferred yet") }), session.screen())
        session.keys("C-\\", "q")
        XCTAssertTrue(session.waitForScreen(containing: "termind exited 0"), session.screen())
    }
}
