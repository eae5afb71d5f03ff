import Foundation
import TermindTestSupport
import XCTest

/// `termind ls`, `mkdir` and `rm` through the built binary against a real OpenSSH sshd (its
/// internal-sftp), on a directory owned by the account the sessions log in as.
final class RemoteFilesEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!
    private var remote: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try startSSHD()
        home = try VaultHome()
        remote = try TemporaryDirectory(prefix: "termind-remote", mode: 0o755)
        try remote.write("hello\n", to: "notes.txt", mode: 0o640)
        try remote.write("secret", to: ".hidden", mode: 0o600)
        try remote.write("deep", to: "tree/a/b/leaf.txt")
        XCTAssertEqual(symlink("notes.txt", remote.appending("link").path), 0)
        try giveToTestAccount(remote.path)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        home = nil
        remote = nil
    }

    private var target: String { "\(server.username)@\(server.host):\(server.port)" }
    private func remotePath(_ name: String) -> String { "\(target):\(remote.appending(name).path)" }
    private var options: [String] { ["--batch", "--accept-new", "-i", server.clientPrivateKeyPath] }

    private func giveToTestAccount(_ path: String) throws {
        let chown = try ChildProcess.run("chown", ["-hR", server.username, path])
        XCTAssertEqual(chown.status, 0, chown.stderr)
    }

    func testLsListsNamesSortedAndHidesDotFilesUnlessAll() throws {
        let plain = try home.succeed(["ls"] + options + [remotePath("")])
        XCTAssertEqual(plain, "link\nnotes.txt\ntree\n")
        let all = try home.succeed(["ls", "-a"] + options + [remotePath("")])
        XCTAssertEqual(all, ".hidden\nlink\nnotes.txt\ntree\n")
    }

    func testLsLongShowsModeSizeAndSymlinkTargets() throws {
        let long = try home.succeed(["ls", "-l"] + options + [remotePath("")])
        let notes = try XCTUnwrap(long.split(separator: "\n").first { $0.hasSuffix(" notes.txt") && !$0.contains("->") }, long)
        XCTAssertEqual(notes.split(separator: " ", omittingEmptySubsequences: true).prefix(2), ["-rw-r-----", "6"], String(notes))
        XCTAssertTrue(long.contains("link -> notes.txt"), long)
        XCTAssertTrue(long.contains("drwx"), long)
    }

    func testLsJSONDescribesEachEntry() throws {
        let entries = try XCTUnwrap(try home.json(["ls", "-a"] + options + [remotePath("")]) as? [[String: Any]])
        let notes = try XCTUnwrap(entries.first { $0["name"] as? String == "notes.txt" })
        XCTAssertEqual(notes["kind"] as? String, "file")
        XCTAssertEqual(notes["size"] as? Int, 6)
        XCTAssertEqual(notes["mode"] as? String, "0640")
        XCTAssertEqual(notes["path"] as? String, remote.appending("notes.txt").path)
        XCTAssertNotNil(notes["modified"] as? String)
        let link = try XCTUnwrap(entries.first { $0["name"] as? String == "link" })
        XCTAssertEqual(link["kind"] as? String, "symlink")
        XCTAssertEqual(link["target"] as? String, "notes.txt")
    }

    func testLsOfAMissingPathNamesItAndFails() throws {
        let result = try home.run(["ls"] + options + [remotePath("nowhere")])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(remote.appending("nowhere").path), result.stderr)
        XCTAssertTrue(result.stderr.lowercased().contains("no such file"), result.stderr)
    }

    func testMkdirCreatesDirectoriesAndParentsWithP() throws {
        try home.succeed(["mkdir"] + options + [remotePath("made")])
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: remote.appending("made").path, isDirectory: &isDirectory))
        XCTAssertTrue(isDirectory.boolValue)

        let withoutParents = try home.run(["mkdir"] + options + [remotePath("x/y/z")])
        XCTAssertNotEqual(withoutParents.status, 0)
        try home.succeed(["mkdir", "-p"] + options + [remotePath("x/y/z"), remotePath("made")])
        XCTAssertTrue(FileManager.default.fileExists(atPath: remote.appending("x/y/z").path))
    }

    func testRmWithoutATerminalOrYesRemovesNothingAndAsksForInteraction() throws {
        let result = try home.run(["rm", "--accept-new", "-i", server.clientPrivateKeyPath, remotePath("notes.txt")])
        XCTAssertEqual(result.status, 6, result.stderr)
        XCTAssertTrue(result.stderr.contains("--yes"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: remote.appending("notes.txt").path))
    }

    func testRmRefusesADirectoryWithoutRecursiveAndRemovesATreeWithIt() throws {
        let refused = try home.run(["rm", "--yes"] + options + [remotePath("tree")])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("-r"), refused.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: remote.appending("tree/a/b/leaf.txt").path))

        try home.succeed(["rm", "-r", "--yes"] + options + [remotePath("tree")])
        XCTAssertFalse(FileManager.default.fileExists(atPath: remote.appending("tree").path))
    }

    func testRmRemovesASymlinkNotItsTarget() throws {
        try home.succeed(["rm", "--yes"] + options + [remotePath("link")])
        XCTAssertFalse(FileManager.default.fileExists(atPath: remote.appending("link").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: remote.appending("notes.txt").path))
    }

    func testRmAsksOnTheTerminalAndKeepsTheFileWhenTheAnswerIsNo() throws {
        let tmux = try TmuxSession(
            command: [try TermindBinary.path(), "rm", "--accept-new", "-i", server.clientPrivateKeyPath, remotePath("notes.txt")],
            environment: home.terminalEnvironment)
        defer { tmux.kill() }
        XCTAssertTrue(tmux.waitForScreen(containing: "[y/N]"), tmux.screen())
        tmux.send("n")
        XCTAssertTrue(tmux.waitForScreen(containing: "nothing was removed"), tmux.screen())
        XCTAssertTrue(FileManager.default.fileExists(atPath: remote.appending("notes.txt").path))
    }
}
