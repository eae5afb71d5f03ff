import Foundation
import TermindTestSupport
import XCTest

/// Copies between two browser panes of the built binary in tmux, against the rig's sshd, with
/// keys as a person uses them: a remote browser beside a terminal, this machine's browser beside
/// it; a marked download whose names exist locally is answered once for the whole Batch (Keep
/// both), an upload goes the other way, and each browser lists what landed in it.
final class BrowserCopyEndToEndTests: CopyTestCase {
    override class var directoryPrefix: String { "termind-browser-copy" }



    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func testADownloadAnsweredOnceForTheBatchAndAnUploadLandAndAreListed() throws {
        let manager = FileManager.default
        for name in ["a.txt", "b.txt"] {
            XCTAssertTrue(manager.createFile(atPath: remote.appending(name).path, contents: Data("remote \(name)\n".utf8)))
            XCTAssertTrue(manager.createFile(atPath: local.appending(name).path, contents: Data("local \(name)\n".utf8)))
        }
        XCTAssertTrue(manager.createFile(atPath: local.appending("up.txt").path, contents: Data("going up\n".utf8)))
        let server = try sshd()
        try home.addRigHosts("web", on: server)

        let session = try home.workbenchConnected(to: "web")
        defer { session.kill() }
        session.send("cd \(remote.path) && printf '\\033]7;file://%s%s\\007' \"$(hostname)\" \"$PWD\" && clear && echo ready-$((6*7))")
        XCTAssertTrue(session.waitForScreen(containing: "ready-42"), session.screen())

        // The remote browser beside the terminal, then this machine's beside it, at `local`.
        session.keys("C-\\", "b")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("web:\(self.remote.path)") && $0.contains("b.txt") }), session.screen())
        session.keys("C-\\", "b")
        XCTAssertTrue(session.waitForScreen(containing: "local:"), session.screen())
        session.keys("g", "C-u")  // the path bar starts with the path shown
        session.type(local.path)
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("local:\(self.local.path)") && $0.contains("up.txt") }), session.screen())

        // Upload up.txt from this machine's browser: it lands, and the remote browser lists it.
        session.keys("/")
        session.type("up")
        session.keys("Enter", "c")
        XCTAssertTrue(session.waitForScreen(containing: "copying up.txt from local:\(local.path) to web:\(remote.path)"), session.screen())
        // Listed on both sides: two rows naming it, besides the status bar's line.
        XCTAssertTrue(session.waitForScreen(where: { $0.split(separator: "\n").filter { $0.contains("up.txt") && !$0.contains("copying") }.count >= 2 }),
                      "listed on both sides: \(session.screen())")
        XCTAssertEqual(contents(remote.appending("up.txt").path), "going up\n")
        session.keys("Escape")  // ends the filter (and, alone, is not Alt with the next key)
        XCTAssertTrue(session.waitForScreen(where: { !$0.contains("\"up\" ·") }), session.screen())

        // Download a.txt and b.txt (both exist here): one answer for the Batch.
        session.keys("C-\\", "Up")
        session.keys("a")
        session.keys("End", "Space")  // up.txt, the last, unmarked: only a.txt and b.txt go
        session.keys("c")
        XCTAssertTrue(session.waitForScreen(containing: "The destination exists"), session.screen())
        XCTAssertTrue(session.screen().contains("a (1).txt"), "names the Keep both copy: \(session.screen())")
        session.keys("K")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("a (1).txt") && $0.contains("b (1).txt") && !$0.contains("The destination exists") }),
                      "both copies listed in this machine's browser, one question asked: \(session.screen())")
        print("After the Batch:\n\(session.screen())")
        XCTAssertEqual(contents(local.appending("a (1).txt").path), "remote a.txt\n")
        XCTAssertEqual(contents(local.appending("b (1).txt").path), "remote b.txt\n")
        XCTAssertEqual(contents(local.appending("a.txt").path), "local a.txt\n", "the existing file is kept")
        XCTAssertFalse(manager.fileExists(atPath: local.appending("up (1).txt").path), "up.txt was not marked")
    }
}
