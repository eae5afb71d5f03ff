import Foundation
import TermindTestSupport
import XCTest

/// `e` in the workbench's browser with the built binary in tmux against the rig's sshd, with
/// `$EDITOR` a script: while it runs the outer terminal is the person's again (no alternate
/// screen, no mouse reporting, cooked mode), then the workbench comes back; a changed copy goes
/// up only after the dialog's Upload, keeping the file's mode, and an unchanged one not at all.
final class WorkbenchEditEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!
    private var remote: TemporaryDirectory!
    private var scripts: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try startSSHD(configure: "MaxStartups 100\n")
        home = try VaultHome()
        remote = try TemporaryDirectory(prefix: "termind-tui-edit", mode: 0o755)
        scripts = try TemporaryDirectory(prefix: "termind-tui-editor", mode: 0o755)
        try remote.write("listen 80;\n", to: "app.conf", mode: 0o640)
        let chown = try ChildProcess.run("chown", ["-hR", server.username + ":", remote.path])
        XCTAssertEqual(chown.status, 0, chown.stderr)
        // In the past, so a write in this second shows as a change.
        setModified(file, to: 1_600_000_000)
        try home.addRigHosts("web", on: server)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        home = nil
        remote = nil
        scripts = nil
    }

    private var file: String { remote.appending("app.conf").path }
    private var cache: String { home.path + "/.cache" }
    /// What the editor script saw of the outer terminal.
    private var seen: String { scripts.appending("seen").path }


    private func tmuxFormat(_ session: TmuxSession, _ format: String) -> String {
        ((try? ChildProcess.run("tmux", ["display-message", "-p", "-t", session.name, format]).stdout) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func status(_ path: String) throws -> stat {
        var found = stat()
        guard lstat(path, &found) == 0 else { throw TestRigError("lstat \(path): \(String(cString: strerror(errno)))") }
        return found
    }

    private func setModified(_ path: String, to seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
    }

    private func editCopies() -> [String] {
        (try? FileManager.default.subpathsOfDirectory(atPath: cache + "/termind/edit")) ?? []
    }

    /// An `$EDITOR` that first notes the outer terminal's state as tmux sees it (alternate
    /// screen, mouse reporting, cursor shown) and the line settings, then runs `body` on `$1`.
    private func editor(_ body: String) throws -> String {
        try scripts.write("""
            #!/bin/sh
            set -e
            tmux display-message -p 'alternate=#{alternate_on} mouse=#{mouse_any_flag} cursor=#{cursor_flag}' > '\(seen)'
            stty -a >> '\(seen)'
            \(body)
            """, to: "editor.sh", mode: 0o755)
    }

    /// `termind connect web` in tmux with `editor` as `$EDITOR`, its browser beside the shell in
    /// the remote directory, the cursor on app.conf.
    private func browseAppConf(editor: String) throws -> TmuxSession {
        var environment = home.terminalEnvironment
        environment["EDITOR"] = editor
        environment["VISUAL"] = ""
        environment["XDG_CACHE_HOME"] = cache
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "web"], environment: environment)
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("s")
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())
        session.send("cd \(remote.path) && printf '\\033]7;file://%s%s\\007' \"$(hostname)\" \"$PWD\" && clear && echo ready-$((6*7))")
        XCTAssertTrue(session.waitForScreen(containing: "ready-42"), session.screen())
        session.keys("C-\\", "b")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("web:\(remote.path)") && $0.contains("app.conf") }), session.screen())
        XCTAssertEqual(tmuxFormat(session, "#{alternate_on}"), "1", "the workbench is on the alternate screen")
        return session
    }

    func testEUploadsTheChangedCopyAfterTheDialogKeepingTheModeAndTheScreenComesBack() throws {
        // An editor that reads the terminal, as vim does: what it reads is never the workbench's.
        let session = try browseAppConf(editor: try editor("printf 'port? '; read port; printf 'listen %s;\\n' \"$port\" >> \"$1\""))
        defer { session.kill() }

        session.keys("e")
        XCTAssertTrue(session.waitForScreen(containing: "port?"), session.screen())
        let lent = session.screen()
        print("While the editor runs:\n\(lent)")
        XCTAssertFalse(lent.contains("app.conf"), "the workbench's screen is gone while the editor runs: \(lent)")
        session.send("443")
        XCTAssertTrue(session.waitForScreen(containing: "Upload your changes?"), session.screen())
        let asked = session.screen()
        print("After the editor:\n\(asked)")
        XCTAssertTrue(asked.contains("ready-42") && asked.contains("app.conf"), "the workbench is back, panes and all: \(asked)")
        XCTAssertEqual(tmuxFormat(session, "#{alternate_on}"), "1", "back on the alternate screen")

        let terminal = try String(contentsOfFile: seen, encoding: .utf8)
        XCTAssertTrue(terminal.hasPrefix("alternate=0 mouse=0 cursor=1"), "while the editor ran: \(terminal)")
        let settings = Set(terminal.split(whereSeparator: \.isWhitespace).map(String.init))
        XCTAssertTrue(settings.isSuperset(of: ["icanon", "echo", "isig", "opost"]), "cooked mode: \(terminal)")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "listen 80;\n", "nothing goes up before the answer")

        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "uploaded 23 bytes (mode 0640 kept)"), session.screen())
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "listen 80;\nlisten 443;\n")
        let found = try status(file)
        XCTAssertEqual(found.st_mode & 0o7777, 0o640, "the permission bits are kept")
        XCTAssertEqual(found.st_uid, try status(remote.path).st_uid, "still the account's file")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: remote.path), ["app.conf"], "no partial left")
        XCTAssertEqual(editCopies(), [], "an uploaded copy is removed")

        // The workbench still takes keys: the shell answers.
        session.keys("C-\\", "Left")
        session.send("echo still-$((6*7))")
        XCTAssertTrue(session.waitForScreen(containing: "still-42"), session.screen())
    }

    func testAnUnchangedCopyUploadsNothingAndLeavesTheRemoteFileAsItWas() throws {
        let before = try status(file)
        let session = try browseAppConf(editor: try editor("cat \"$1\" > /dev/null"))
        defer { session.kill() }

        session.keys("e")
        XCTAssertTrue(session.waitForScreen(containing: "app.conf: unchanged, nothing uploaded"), session.screen())
        let screen = session.screen()
        print("An unchanged edit:\n\(screen)")
        XCTAssertFalse(screen.contains("Upload your changes?"), screen)
        XCTAssertTrue(screen.contains("ready-42"), "the workbench is back: \(screen)")
        XCTAssertEqual(tmuxFormat(session, "#{alternate_on}"), "1")
        let after = try status(file)
        XCTAssertEqual(after.st_ino, before.st_ino)
        XCTAssertEqual(after.st_mtim.tv_sec, 1_600_000_000, "the remote mtime is unchanged")
        XCTAssertEqual(after.st_ctim.tv_sec, before.st_ctim.tv_sec)
        XCTAssertEqual(after.st_ctim.tv_nsec, before.st_ctim.tv_nsec)
        XCTAssertEqual(editCopies(), [], "an unchanged copy is removed")
    }

    func testARemoteFileChangedWhileEditingIsRefusedNamingBothVersionsAndTheKeptCopy() throws {
        let session = try browseAppConf(editor: try editor("""
            printf 'mine\\n' >> "$1"
            printf 'theirs, longer\\n' > '\(file)'
            touch -d @1700000000 '\(file)'
            """))
        defer { session.kill() }

        session.keys("e")
        XCTAssertTrue(session.waitForScreen(containing: "Upload your changes?"), session.screen())
        session.keys("u")
        XCTAssertTrue(session.waitForScreen(containing: "Upload refused"), session.screen())
        let screen = session.screen()
        print("A refused upload:\n\(screen)")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "theirs, longer\n", "the other change stays")
        let text = screen.split(separator: "\n").map { $0.replacingOccurrences(of: "│", with: " ") }.joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        XCTAssertTrue(text.contains("then 11 bytes, modified 2020-09-13 12:26:40 UTC, mode 0640"), text)
        XCTAssertTrue(text.contains("now 15 bytes, modified 2023-11-14 22:13:20 UTC, mode 0640"), text)
        let copies = editCopies().filter { $0.hasSuffix("/app.conf") }
        XCTAssertEqual(copies.count, 1, "the copy is kept: \(editCopies())")
        let copy = cache + "/termind/edit/" + (copies.first ?? "")
        XCTAssertTrue(text.contains("Your copy is kept at \(copy)"), text)
        XCTAssertEqual(try String(contentsOfFile: copy, encoding: .utf8), "listen 80;\nmine\n")
        XCTAssertEqual(try status(copy).st_mode & 0o777, 0o600)
    }
}
