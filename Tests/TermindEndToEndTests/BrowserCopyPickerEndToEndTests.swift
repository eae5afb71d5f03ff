import Foundation
import TermindTestSupport
import XCTest

/// A copy with three browsers, in the built binary in tmux against the rig's sshd under two
/// Vault labels (`srv` and `srv2`, the same loopback server) and this machine: `c` in `srv`'s
/// browser asks where (the picker names each other browser by pane, Host and path), the person
/// chooses `srv2`, the status bar and the queue name both ends, and the file lands in `srv2`'s
/// directory, not this machine's.
final class BrowserCopyPickerEndToEndTests: CopyTestCase {
    override class var directoryPrefix: String { "termind-pick" }

    func testCWithThreeBrowsersAsksWhereAndTheFileLandsInTheChosenOne() throws {
        let manager = FileManager.default
        let source = remote.appending("src"), drop = remote.appending("dst")
        try manager.createDirectory(atPath: source.path, withIntermediateDirectories: true)
        try manager.createDirectory(atPath: drop.path, withIntermediateDirectories: true)
        XCTAssertTrue(manager.createFile(atPath: source.appendingPathComponent("report.txt").path, contents: Data("the report\n".utf8)))
        let server = try sshd()
        try home.addRigHosts("srv", "srv2", on: server)

        let session = try home.workbenchConnected(to: "srv")
        defer { session.kill() }
        session.send("cd \(source.path) && printf '\\033]7;file://%s%s\\007' \"$(hostname)\" \"$PWD\" && clear && echo ready-$((6*7))")
        XCTAssertTrue(session.waitForScreen(containing: "ready-42"), session.screen())

        // srv's browser beside its shell, this machine's beside that, at `local`.
        session.keys("C-\\", "b")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("srv:") && $0.contains("report.txt") }), session.screen())
        session.keys("C-\\", "b")
        XCTAssertTrue(session.waitForScreen(containing: "local:"), session.screen())
        session.keys("g", "C-u")
        session.type(local.path)
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "pane 3/3"), session.screen())

        // srv2's shell (Quick Open), at `dst`, and its browser beside it.
        session.keys("C-\\", "f")
        session.type("srv2")
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "pane 4/4 · srv2"), session.screen())
        if session.waitForScreen(containing: "Unknown host key", timeout: 2) { session.keys("s") }
        session.send("cd \(drop.path) && printf '\\033]7;file://%s%s\\007' \"$(hostname)\" \"$PWD\" && clear && echo ready-$((6*8))")
        XCTAssertTrue(session.waitForScreen(containing: "ready-48"), session.screen())
        session.keys("C-\\", "b")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("pane 5/5 · srv2") && $0.contains("srv2:") }), session.screen())

        // Back to srv's browser (pane 2), the cursor on report.txt: c asks where.
        session.keys("C-\\", "O", "C-\\", "O", "C-\\", "O")
        XCTAssertTrue(session.waitForScreen(containing: "pane 2/5 · srv ·"), session.screen())
        session.keys("c")
        XCTAssertTrue(session.waitForScreen(where: {
            $0.contains("Copy to which browser?") && $0.contains("pane 3  local:\(self.local.path)") && $0.contains("pane 5  srv2:\(drop.path)")
        }), session.screen())
        print("The copy picker with three browsers:\n\(session.screen())")
        XCTAssertTrue(session.screen().contains("report.txt from srv:\(source.path)"), session.screen())

        session.keys("Down", "Enter")
        XCTAssertTrue(session.waitForScreen(containing: "copying report.txt from srv:"), session.screen())
        XCTAssertTrue(session.waitForScreen(where: { _ in manager.fileExists(atPath: drop.appendingPathComponent("report.txt").path) }),
                      "landed in srv2's directory: \(session.screen())")
        XCTAssertEqual(manager.contents(atPath: drop.appendingPathComponent("report.txt").path).map { String(decoding: $0, as: UTF8.self) }, "the report\n")
        XCTAssertFalse(manager.fileExists(atPath: local.appending("report.txt").path), "nothing went to this machine")

        // The queue's line names both ends.
        session.keys("C-\\", "t")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("done") && $0.contains("→ srv2:") }), session.screen())
        print("The transfer queue:\n\(session.screen())")
        XCTAssertTrue(session.screen().contains("srv:"), session.screen())
    }
}
