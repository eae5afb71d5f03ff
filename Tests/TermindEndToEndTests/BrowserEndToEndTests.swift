import Foundation
import TermindTestSupport
import XCTest

/// The SFTP browser pane of the built binary in a real terminal (tmux), against the rig's
/// OpenSSH sshd, driven with keys as a person would: `C-\ b` beside a terminal opens the
/// shell's directory (OSC 7) on the same Host, then mkdir, rename, a delete confirmed with its
/// count, a delete the server refuses shown with its reason, a hostile file name shown escaped,
/// and the Vault's Connection and SFTP History afterwards.
final class BrowserEndToEndTests: XCTestCase {
    private var home: VaultHome!

    override func setUpWithError() throws {
        home = try VaultHome()
    }

    override func tearDown() {
        home = nil
    }




    private func sql(_ query: String) throws -> String {
        let result = try ChildProcess.run("sqlite3", ["-cmd", ".timeout 10000", home.databasePath, query])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testBrowseBesideATerminalMakeRenameDeleteAndSeeARefusalWithTheServersReason() throws {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        try home.addRigHosts("web", on: server)

        // The remote side: a directory the session's account owns, with one it may not change.
        let remote = try TemporaryDirectory(prefix: "termind-browse", mode: 0o755)
        let root = remote.path
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/site", withIntermediateDirectories: true)
        XCTAssertTrue(manager.createFile(atPath: root + "/site/index.html", contents: Data("hi".utf8)))
        XCTAssertTrue(manager.createFile(atPath: root + "/notes.txt", contents: Data("notes".utf8)))
        XCTAssertTrue(manager.createFile(atPath: root + "/\u{1B}]2;pwned\u{07}evil", contents: Data()))
        let chown = try ChildProcess.run("chown", ["-R", server.username, root])
        XCTAssertEqual(chown.status, 0, chown.stderr)
        try manager.createDirectory(atPath: root + "/locked", withIntermediateDirectories: true)
        XCTAssertTrue(manager.createFile(atPath: root + "/locked/file", contents: Data("root's".utf8)))

        let session = try home.workbenchConnected(to: "web")
        defer { session.kill() }

        // The shell tells where it is (OSC 7), as bash with vte.sh does.
        session.send("cd \(root) && printf '\\033]7;file://%s%s\\007' \"$(hostname)\" \"$PWD\" && clear && echo ready-$((6*7))")
        XCTAssertTrue(session.waitForScreen(containing: "ready-42"), session.screen())

        session.keys("C-\\", "b")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("web:\(root)") && $0.contains("notes.txt") && $0.contains("ready-42") }), session.screen())
        let beside = session.screen()
        print("A browser beside a terminal:\n\(beside)")
        let row = try XCTUnwrap(beside.split(separator: "\n").first { $0.contains("notes.txt") })
        XCTAssertGreaterThan(row.range(of: "notes.txt")!.lowerBound.utf16Offset(in: row), 80, "the listing is to the right of the terminal")
        XCTAssertTrue(beside.contains("site/"), beside)
        // The owner column, from the server's own names (cut to the column beside a terminal).
        let lockedRow = try XCTUnwrap(beside.split(separator: "\n").first { $0.contains("locked/") })
        XCTAssertTrue(lockedRow.hasSuffix(" root"), "the owner column: \(lockedRow)")
        XCTAssertTrue(row.contains(" " + server.username.prefix(7)), "the owner column: \(row)")
        // The hostile name is shown escaped; the outer terminal's title never changed.
        XCTAssertTrue(beside.contains("\\033]2;pwned\\007evil"), beside)
        let title = try ChildProcess.run("tmux", ["display-message", "-p", "-t", session.name, "#{pane_title}"]).stdout
        XCTAssertFalse(title.contains("pwned"), "the name reached the terminal raw: title \(title)")

        // mkdir.
        session.keys("m")
        session.type("fresh")
        session.keys("Enter")
        XCTAssertTrue(waitUntil { manager.fileExists(atPath: root + "/fresh") }, session.screen())
        XCTAssertTrue(session.waitForScreen(containing: "fresh/"), session.screen())

        // Rename notes.txt, found with the filter.
        session.keys("/")
        session.type("notes")
        session.keys("Enter", "n", "C-u")
        session.type("renamed.txt")
        session.keys("Enter")
        XCTAssertTrue(waitUntil { manager.fileExists(atPath: root + "/renamed.txt") && !manager.fileExists(atPath: root + "/notes.txt") }, session.screen())
        session.keys("Escape")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("renamed.txt") && $0.contains("site/") }), session.screen())

        // Delete site: the question names what goes with it.
        session.keys("/")
        session.type("site")
        session.keys("Enter", "d")
        XCTAssertTrue(session.waitForScreen(containing: "Delete site and the 1 entry in it? (y/n)"), session.screen())
        session.keys("y")
        XCTAssertTrue(waitUntil { !manager.fileExists(atPath: root + "/site") }, session.screen())
        session.keys("Escape")
        // Escape alone: read together with the next key it would be Alt with that key.
        XCTAssertTrue(session.waitForScreen(where: { !$0.contains("filter \"site\"") }), session.screen())

        // A delete the server refuses: root's file in root's directory.
        session.keys("/")
        session.type("locked")
        session.keys("Enter", "Enter")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("web:\(root)/locked") && $0.contains("file") }), session.screen())
        session.keys("d")
        XCTAssertTrue(session.waitForScreen(containing: "Delete file? (y/n)"), session.screen())
        session.keys("y")
        XCTAssertTrue(session.waitForScreen(containing: "Permission denied"), session.screen())
        let refused = session.screen()
        print("A refused delete:\n\(refused)")
        XCTAssertTrue(refused.contains("web:\(root)/locked/file"), "the failure names the path: \(refused)")
        XCTAssertTrue(manager.fileExists(atPath: root + "/locked/file"))
        XCTAssertFalse(refused.contains("termind exited"))

        // Back to the directory with [, then quit: the Vault has an sftp session and the
        // directories listed, and none that was never listed.
        session.keys("[")
        XCTAssertTrue(session.waitForScreen(containing: "renamed.txt"), session.screen())
        session.keys("C-\\", "q")
        XCTAssertTrue(session.waitForScreen(containing: "quit and close"), session.screen())
        session.keys("y")
        XCTAssertTrue(session.waitForScreen(containing: "termind exited 0"), session.screen())
        XCTAssertEqual(try sql("SELECT kind FROM connection_history ORDER BY opened_at"), "ssh\nsftp")
        let visited = Set(try sql("SELECT path FROM sftp_history WHERE kind = 'directory'").split(separator: "\n").map(String.init))
        XCTAssertEqual(visited, [root, root + "/locked"])
    }
}
