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
        // The account's file, in its own group: what a rename leaves it with too.
        let chown = try ChildProcess.run("chown", ["-hR", server.username + ":", remote.path])
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

    func testAFileAtTheOldFixedProbeNameDoesNotStopTheEdit() throws {
        let planted = try remote.write("planted\n", to: ".app.conf.owner-probe.termind-partial", mode: 0o600)
        let result = try edit(["--yes", remotePath("app.conf")], editor: try editor("printf 'listen 443;\\n' >> \"$1\""))

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try contents(remote.appending("app.conf").path), "listen 80;\nlisten 443;\n")
        XCTAssertEqual(try contents(planted), "planted\n", "someone else's file is left alone")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: remote.path).sorted(),
            [".app.conf.owner-probe.termind-partial", "app.conf"], "no probe or partial left")
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

    // MARK: - Never losing a change

    func testARemoteChangeOfTheSameSizeInTheSameSecondIsRefusedByItsContentUnlessForced() throws {
        let file = remote.appending("app.conf").path
        // Another writer's change while the editor runs: same size, mtime set back to the same
        // second, same mode; only the bytes differ.
        let script = try editor("""
            printf 'listen 82;\\n' > "$1"
            printf 'listen 81;\\n' > '\(file)'
            touch -d @1600000000 '\(file)'
            """)
        let refused = try edit(["--yes", remotePath("app.conf")], editor: script)

        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(try contents(file), "listen 81;\n", "the other change stays")
        let copy = refused.stdout.trimmingCharacters(in: .newlines)
        XCTAssertTrue(refused.stderr.contains(file), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("content is not the one fetched"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("your copy is kept at \(copy)"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--force"), refused.stderr)
        XCTAssertEqual(try contents(copy), "listen 82;\n")

        let forced = try edit(["--yes", "--force", remotePath("app.conf")], editor: script)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try contents(file), "listen 82;\n", "--force overwrites the other change")
    }

    func testASecondEditOfOneFileIsRefusedNamingTheFirstWhoseChangeIsUploaded() throws {
        let started = scripts.appending("first-started").path
        let fifo = scripts.appending("go").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let first = try home.start(
            ["edit", "--yes"] + options + [remotePath("app.conf")],
            environment: ["VISUAL": "", "EDITOR": try editor("printf 'first;\\n' >> \"$1\"; : > '\(started)'; read go < '\(fifo)'"),
                          "XDG_CACHE_HOME": cache])
        defer { first.stop() }
        XCTAssertTrue(waitUntil { FileManager.default.fileExists(atPath: started) }, "the first editor never started")

        let secondRan = scripts.appending("second-ran").path
        let second = try edit(["--yes", remotePath("app.conf")], editor: try editor("printf 'second;\\n' >> \"$1\"; : > '\(secondRan)'"))

        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertTrue(second.stderr.contains("already being edited by another termind edit"), second.stderr)
        XCTAssertTrue(second.stderr.contains("process \(first.processIdentifier)"), second.stderr)
        XCTAssertTrue(second.stderr.contains("\(cache)/termind/edit/"), second.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: secondRan), "the second edit never opened an editor")

        let released = try ChildProcess.run("sh", ["-c", "echo go > '\(fifo)'"])
        XCTAssertEqual(released.status, 0, released.stderr)
        let ended = try XCTUnwrap(first.waitForExit(within: 30), "the first edit did not end")
        XCTAssertEqual(ended.status, 0, ended.stderr)
        XCTAssertEqual(try contents(remote.appending("app.conf").path), "listen 80;\nfirst;\n", "the first change is uploaded")

        let third = try edit(["--yes", remotePath("app.conf")], editor: try editor("printf 'third;\\n' >> \"$1\""))
        XCTAssertEqual(third.status, 0, "the lock is let go with the edit: \(third.stderr)")
        XCTAssertEqual(try contents(remote.appending("app.conf").path), "listen 80;\nfirst;\nthird;\n")
    }

    // MARK: - Keeping the file's identity

    /// `app.env` of another account, in the connecting account's group, mode 0660, with a
    /// hard link beside it; returns the other account's IDs.
    private func sharedFile(owner: String) throws -> (user: uid_t, group: gid_t) {
        try TestAccount.ensureExists(owner, shell: "/bin/sh")
        let other = try TestAccount.ids(of: owner)
        let me = try TestAccount.ids(of: server.username)
        let file = try remote.write("A=1\nB=2\n", to: "app.env", mode: 0o660)
        XCTAssertEqual(chown(file, other.user, me.group), 0)
        XCTAssertEqual(chmod(file, 0o660), 0)
        XCTAssertEqual(link(file, remote.appending("app.env.link").path), 0)
        return (other.user, me.group)
    }

    func testAFileOfAnotherOwnerWithAHardLinkIsWrittenInPlaceKeepingOwnerGroupModeAndLink() throws {
        let owner = "termind-owner"
        let ids = try sharedFile(owner: owner)
        let file = remote.appending("app.env").path
        let before = try status(file)

        let result = try edit(["--yes", remotePath("app.env")], editor: try editor("printf 'A=3\\n' > \"$1\""))

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("uploaded 4 bytes (mode 0660 kept; written in place: the file is owned by \(owner))"), result.stderr)
        let after = try status(file)
        XCTAssertEqual(after.st_ino, before.st_ino, "the same file")
        XCTAssertEqual(after.st_uid, ids.user, "still the other account's")
        XCTAssertEqual(after.st_gid, ids.group)
        XCTAssertEqual(after.st_mode & 0o7777, 0o660)
        XCTAssertEqual(after.st_nlink, 2)
        XCTAssertEqual(try contents(file), "A=3\n", "the shorter text, cut to its length")
        XCTAssertEqual(try contents(remote.appending("app.env.link").path), "A=3\n", "the hard link sees the new text")
        let read = try ChildProcess.run("runuser", ["-u", owner, "--", "cat", file])
        XCTAssertEqual(read.status, 0, "the owner still reads it: \(read.stderr)")
        XCTAssertEqual(read.stdout, "A=3\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: remote.path).sorted(), ["app.conf", "app.env", "app.env.link"])
    }

    func testAFileOfOnesOwnWithAHardLinkIsWrittenInPlaceAndAPlainOneStillByRename() throws {
        let file = remote.appending("app.conf").path
        XCTAssertEqual(link(file, remote.appending("app.conf.link").path), 0)
        let linked = try edit(["--yes", remotePath("app.conf")], editor: try editor("printf 'listen 443;\\n' >> \"$1\""))
        XCTAssertEqual(linked.status, 0, linked.stderr)
        XCTAssertTrue(linked.stderr.contains("written in place: the file has 2 hard links"), linked.stderr)
        XCTAssertEqual(try contents(remote.appending("app.conf.link").path), "listen 80;\nlisten 443;\n")
        XCTAssertEqual(try status(file).st_nlink, 2)

        XCTAssertEqual(unlink(remote.appending("app.conf.link").path), 0)
        let inode = try status(file).st_ino
        let plain = try edit(["--yes", remotePath("app.conf")], editor: try editor("printf 'x\\n' >> \"$1\""))
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(plain.stderr.contains("in place"), plain.stderr)
        XCTAssertNotEqual(try status(file).st_ino, inode, "replaced by a rename, as before")
        XCTAssertEqual(try status(file).st_mode & 0o7777, 0o640)
    }

    func testAFileInADirectoryTheUserCannotCreateInIsWrittenInPlace() throws {
        let locked = try TemporaryDirectory(prefix: "termind-edit-locked", mode: 0o755)
        let file = try locked.write("old\n", to: "motd", mode: 0o644)
        let me = try TestAccount.ids(of: server.username)
        XCTAssertEqual(chown(file, me.user, me.group), 0)

        let result = try edit(["--yes", "\(target):\(file)"], editor: try editor("printf 'new text\\n' > \"$1\""))

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("written in place: the directory does not let you create a file"), result.stderr)
        XCTAssertEqual(try contents(file), "new text\n")
    }
}
