import Foundation
import TermindTestSupport
import XCTest

/// `termind edit` through the built binary against a real OpenSSH sshd, with `$EDITOR` a
/// script: what goes back to the server, what is kept, and what is refused.
final class EditEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!
    private var remote: TemporaryDirectory!
    private var scripts: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try startSSHD()
        home = try VaultHome()
        remote = try TemporaryDirectory(prefix: "termind-edit-remote", mode: 0o755)
        scripts = try TemporaryDirectory(prefix: "termind-edit-scripts", mode: 0o755)
        try remote.write("listen 80;\n", to: "app.conf", mode: 0o640)
        let chown = try ChildProcess.run("chown", ["-hR", server.username, remote.path])
        XCTAssertEqual(chown.status, 0, chown.stderr)
        // An mtime in the past, so a write in this second shows as a change.
        setModified(remote.appending("app.conf").path, to: 1_600_000_000)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        home = nil
        remote = nil
        scripts = nil
    }

    private var target: String { "\(server.username)@\(server.host):\(server.port)" }
    private func remotePath(_ name: String) -> String { "\(target):\(remote.appending(name).path)" }
    private var options: [String] { ["--accept-new", "-i", server.clientPrivateKeyPath] }
    private var cache: String { home.path + "/.cache" }

    /// An `$EDITOR` that runs `body` (a shell script; the copy's path is `$1`).
    private func editor(_ body: String) throws -> String {
        try scripts.write("#!/bin/sh\nset -e\n\(body)\n", to: "editor-\(UUID().uuidString).sh", mode: 0o755)
    }

    private func edit(_ arguments: [String], editor: String) throws -> ChildProcess.Output {
        try home.run(["edit"] + options + arguments, environment: ["VISUAL": "", "EDITOR": editor, "XDG_CACHE_HOME": cache])
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

    private func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    private func editCopies() -> [String] {
        (try? FileManager.default.subpathsOfDirectory(atPath: cache + "/termind/edit")) ?? []
    }

    func testAChangedFileIsUploadedKeepingItsModeAndTheCopyIsRemoved() throws {
        let result = try edit(["--yes", remotePath("app.conf")], editor: try editor("printf 'listen 443;\\n' >> \"$1\""))

        XCTAssertEqual(result.status, 0, result.stderr)
        let file = remote.appending("app.conf").path
        XCTAssertEqual(try contents(file), "listen 80;\nlisten 443;\n")
        let found = try status(file)
        XCTAssertEqual(found.st_mode & 0o7777, 0o640, "the permission bits are kept")
        XCTAssertEqual(found.st_uid, try status(remote.path).st_uid, "still the account's file")
        XCTAssertTrue(result.stderr.contains("uploaded 23 bytes (mode 0640 kept)"), result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(editCopies(), [], "an uploaded copy is removed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: remote.path), ["app.conf"], "no partial left")
    }

    func testTheEditorSeesAPrivateCopyAndAQuotedPathIsOneArgument() throws {
        let seen = scripts.appending("seen").path
        let script = try editor("for last; do :; done; stat -c '%a %n' \"$last\" > '\(seen)'; echo \"$#\" >> '\(seen)'")
        let result = try home.run(
            ["edit"] + options + [remotePath("app.conf")],
            environment: ["VISUAL": "'\(script)' --wait", "EDITOR": "", "XDG_CACHE_HOME": cache])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = try contents(seen).split(separator: "\n")
        guard lines.count == 2 else { return XCTFail("\(lines)") }
        XCTAssertTrue(lines[0].hasPrefix("600 \(cache)/termind/edit/"), String(lines[0]))
        XCTAssertTrue(lines[0].hasSuffix("/app.conf"), String(lines[0]))
        XCTAssertEqual(lines[1], "2", "--wait and the path")
    }

    func testARemoteFileChangedMeanwhileIsRefusedNamingBothVersionsAndTheCopyIsKept() throws {
        let file = remote.appending("app.conf").path
        let script = try editor("""
            printf 'mine\\n' >> "$1"
            printf 'theirs, longer\\n' > '\(file)'
            touch -d @1700000000 '\(file)'
            """)
        let result = try edit(["--yes", remotePath("app.conf")], editor: script)

        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try contents(file), "theirs, longer\n", "the other change stays")
        XCTAssertTrue(result.stderr.contains("then 11 bytes, modified 2020-09-13 12:26:40 UTC, mode 0640"), result.stderr)
        XCTAssertTrue(result.stderr.contains("now 15 bytes, modified 2023-11-14 22:13:20 UTC, mode 0640"), result.stderr)
        let copy = result.stdout.trimmingCharacters(in: .newlines)
        XCTAssertTrue(result.stderr.contains("your copy is kept at \(copy)"), result.stderr)
        XCTAssertEqual(try contents(copy), "listen 80;\nmine\n")
        XCTAssertEqual(try status(copy).st_mode & 0o777, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: remote.path), ["app.conf"], "no partial left")
    }

    func testAnUnchangedFileUploadsNothingAndLeavesTheRemoteFileAsItWas() throws {
        let file = remote.appending("app.conf").path
        let before = try status(file)
        let result = try edit([remotePath("app.conf")], editor: try editor("cat \"$1\" > /dev/null"))

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("unchanged; nothing was uploaded"), result.stderr)
        let after = try status(file)
        XCTAssertEqual(after.st_ino, before.st_ino)
        XCTAssertEqual(after.st_mtim.tv_sec, 1_600_000_000)
        XCTAssertEqual(after.st_ctim.tv_sec, before.st_ctim.tv_sec)
        XCTAssertEqual(after.st_ctim.tv_nsec, before.st_ctim.tv_nsec)
        XCTAssertEqual(editCopies(), [])
    }

    func testWithoutATerminalOrYesAChangedCopyIsKeptAndItsPathPrinted() throws {
        let result = try edit([remotePath("app.conf")], editor: try editor("printf 'x\\n' >> \"$1\""))

        XCTAssertEqual(result.status, 6, result.stderr)
        XCTAssertTrue(result.stderr.contains("--yes"), result.stderr)
        let copy = result.stdout.trimmingCharacters(in: .newlines)
        XCTAssertTrue(copy.hasPrefix(cache + "/termind/edit/"), copy)
        XCTAssertEqual(try contents(copy), "listen 80;\nx\n")
        XCTAssertEqual(try contents(remote.appending("app.conf").path), "listen 80;\n")
    }

    func testJSONSaysWhatHappenedAndWhereTheCopyIs() throws {
        let result = try edit(["--json", remotePath("app.conf")], editor: try editor("printf 'x\\n' >> \"$1\""))
        XCTAssertEqual(result.status, 6, result.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["result"] as? String, "consent-required")
        XCTAssertEqual(object["mode"] as? String, "0640")
        XCTAssertEqual(object["file"] as? String, "\(target):\(remote.appending("app.conf").path)")
        XCTAssertTrue((object["copy"] as? String)?.hasPrefix(cache) == true, result.stdout)
    }

    func testAHostileRemoteNameIsShownEscapedAndItsCopyGetsAPlainName() throws {
        let name = "evil\u{1B}]0;pwned\u{07}\nname.conf"
        try remote.write("a\n", to: name, mode: 0o644)
        XCTAssertEqual(chown(remote.appending(name).path, try status(remote.path).st_uid, try status(remote.path).st_gid), 0)

        let result = try edit([remotePath(name)], editor: try editor("printf 'b\\n' >> \"$1\""))

        XCTAssertEqual(result.status, 6, result.stderr)
        for output in [result.stdout, result.stderr] {
            XCTAssertFalse(output.contains("\u{1B}"), output)
            XCTAssertFalse(output.contains("\u{07}"), output)
        }
        XCTAssertTrue(result.stderr.contains("evil\\033]0;pwned\\007\\012name.conf"), result.stderr)
        XCTAssertEqual(result.stdout.filter { $0 == "\n" }.count, 1, result.stdout)
        let copy = result.stdout.trimmingCharacters(in: .newlines)
        XCTAssertTrue(copy.hasSuffix("/evil__0_pwned__name.conf"), copy)
        XCTAssertEqual(try contents(copy), "a\nb\n")
    }

    func testASymlinkPlantedAtTheCachePathIsRefusedAndNothingIsWrittenThrough() throws {
        let elsewhere = try TemporaryDirectory(prefix: "termind-edit-elsewhere")
        try FileManager.default.createDirectory(atPath: cache + "/termind", withIntermediateDirectories: true)
        XCTAssertEqual(symlink(elsewhere.path, cache + "/termind/edit"), 0)

        let result = try edit(["--yes", remotePath("app.conf")], editor: try editor("printf 'x\\n' >> \"$1\""))

        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(cache)/termind/edit: is a symbolic link"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
        XCTAssertEqual(try contents(remote.appending("app.conf").path), "listen 80;\n")
    }

    func testOnATerminalAChangedCopyIsUploadedOnlyAfterYes() throws {
        let script = try editor("printf 'listen 443;\\n' >> \"$1\"")
        let tmux = try TmuxSession(
            command: [try TermindBinary.path(), "edit"] + options + [remotePath("app.conf")],
            environment: home.terminalEnvironment.merging(["VISUAL": "", "EDITOR": script, "XDG_CACHE_HOME": cache]) { $1 })
        defer { tmux.kill() }
        XCTAssertTrue(tmux.waitForScreen(containing: "app.conf? [y/N]"), tmux.screen())
        XCTAssertEqual(try contents(remote.appending("app.conf").path), "listen 80;\n", "nothing before the answer")
        tmux.send("y")
        XCTAssertTrue(tmux.waitForScreen(containing: "uploaded 23 bytes (mode 0640 kept)"), tmux.screen())
        XCTAssertEqual(try contents(remote.appending("app.conf").path), "listen 80;\nlisten 443;\n")
    }

    func testAMissingFileIsRefusedUnlessCreate() throws {
        let refused = try edit(["--yes", remotePath("new.txt")], editor: try editor("printf 'x\\n' >> \"$1\""))
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--create"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: remote.appending("new.txt").path))

        let created = try edit(["--yes", "--create", remotePath("new.txt")], editor: try editor("printf 'x\\n' >> \"$1\""))
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertEqual(try contents(remote.appending("new.txt").path), "x\n")
        XCTAssertEqual(try status(remote.appending("new.txt").path).st_mode & 0o7777, 0o644)
    }
}
