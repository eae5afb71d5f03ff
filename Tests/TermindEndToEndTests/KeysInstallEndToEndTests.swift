import Foundation
import TermindTestSupport
import XCTest

/// `termind keys install` against a real sshd whose sessions get a fresh `HOME` (sshd's
/// `SetEnv`), so the test sees the directory and file it creates.
final class KeysInstallEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!
    private var remoteHome: TemporaryDirectory!

    override func setUpWithError() throws {
        remoteHome = try TemporaryDirectory(prefix: "termind-remote-home", mode: 0o777)
        chmod(remoteHome.path, 0o777)
        server = try startSSHD(configure: "SetEnv HOME=\(remoteHome.path)\n")
        home = try VaultHome()
        try home.succeed(["keys", "generate", "deploy"])
    }

    override func tearDown() {
        server?.stop()
        server = nil
        home = nil
        remoteHome = nil
    }

    private var target: String { "\(server.username)@\(server.host):\(server.port)" }
    private var options: [String] { ["--batch", "--accept-new", "-i", server.clientPrivateKeyPath] }
    private var authorizedKeys: String { remoteHome.path + "/.ssh/authorized_keys" }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    func testInstallingTwiceCreatesSSHDirectoryAndFilePrivatelyAndLeavesOneLine() throws {
        let publicLine = try home.succeed(["keys", "export-public", "deploy"])
        let first = try home.succeed(["keys", "install", "deploy", target] + options)
        XCTAssertTrue(first.contains("added the Key deploy"), first)
        let second = try home.succeed(["keys", "install", "deploy", target] + options)
        XCTAssertTrue(second.contains("already in"), second)

        XCTAssertEqual(try String(contentsOfFile: authorizedKeys, encoding: .utf8), publicLine)
        XCTAssertEqual(try mode(remoteHome.path + "/.ssh"), 0o700)
        XCTAssertEqual(try mode(authorizedKeys), 0o600)
    }

    func testAKeyPresentWithAnotherCommentOrOptionsIsNotAddedAgainAndAMissingNewlineIsMended() throws {
        let publicLine = try home.succeed(["keys", "export-public", "deploy"]).trimmingCharacters(in: .newlines)
        let fields = publicLine.split(separator: " ")
        try FileManager.default.createDirectory(atPath: remoteHome.path + "/.ssh", withIntermediateDirectories: true)
        chmod(remoteHome.path + "/.ssh", 0o777)
        let existing = "restrict \(fields[0]) \(fields[1]) old-comment\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOther"
        XCTAssertTrue(FileManager.default.createFile(atPath: authorizedKeys, contents: Data(existing.utf8), attributes: [.posixPermissions: 0o666]))
        let json = try XCTUnwrap(try home.json(["keys", "install", "deploy", target] + options) as? [String: Any])
        XCTAssertEqual(json["added"] as? Bool, false)
        XCTAssertEqual(try String(contentsOfFile: authorizedKeys, encoding: .utf8), existing, "nothing changed")

        // Another key is appended on a line of its own.
        try home.succeed(["keys", "generate", "other"])
        let otherLine = try home.succeed(["keys", "export-public", "other"])
        try home.succeed(["keys", "install", "other", target] + options)
        XCTAssertEqual(try String(contentsOfFile: authorizedKeys, encoding: .utf8), existing + "\n" + otherLine)
    }

    func testAnUnknownKeyIsNamedAndNothingConnects() throws {
        let result = try home.run(["keys", "install", "nope", target] + options)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("nope"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: remoteHome.path + "/.ssh"))
    }

    // MARK: - Read as sshd reads it

    /// An sshd that reads `~/.ssh/authorized_keys` of the test's remote home, seeded with the
    /// rig's key (so `keys install` connects) after `lines`; the deploy Key's `type base64`.
    private func serveRemoteAuthorizedKeys(after lines: (String) -> String) throws -> String {
        server.stop()
        server = try startSSHD(configure: "SetEnv HOME=\(remoteHome.path)\nAuthorizedKeysFile \(authorizedKeys)\n")
        let deploy = try home.succeed(["keys", "export-public", "deploy"]).split(separator: " ").prefix(2).joined(separator: " ")
        let rig = try String(contentsOfFile: server.clientPublicKeyPath, encoding: .utf8).trimmingCharacters(in: .newlines)
        try FileManager.default.createDirectory(atPath: remoteHome.path + "/.ssh", withIntermediateDirectories: true)
        chmod(remoteHome.path + "/.ssh", 0o777)
        XCTAssertTrue(FileManager.default.createFile(
            atPath: authorizedKeys, contents: Data((lines(deploy) + rig + "\n").utf8), attributes: [.posixPermissions: 0o666]))
        return deploy
    }

    /// Whether the deploy Key logs in (a Host with an Identity using it).
    private func deployLogsIn() throws -> ChildProcess.Output {
        try home.succeed(["identities", "add", "deployer", "--user", server.username, "--key", "deploy"])
        try home.succeed(["hosts", "add", "deployed", "--hostname", server.host, "--port", String(server.port), "--identity", "deployer"])
        return try home.run(["exec", "deployed", "--batch", "--accept-new", "--", "echo", "logged-in"])
    }

    func testACommentedOutKeyIsInstalledAndThenLogsIn() throws {
        var disabled = ""
        _ = try serveRemoteAuthorizedKeys { deploy in
            disabled = "# disabled: \(deploy) old\n  #\(deploy)\n\n"
            return disabled
        }
        let installed = try home.run(["keys", "install", "deploy", target] + options)

        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertTrue(installed.stdout.contains("added the Key deploy"), installed.stdout)
        let text = try String(contentsOfFile: authorizedKeys, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix(disabled), "the commented lines are left as they were: \(text)")
        let login = try deployLogsIn()
        XCTAssertEqual(login.status, 0, login.stderr)
        XCTAssertEqual(login.stdout, "logged-in\n")
    }

    func testACRLFLineWithoutACommentIsAlreadyThereAndTheKeyIsNotAppendedTwice() throws {
        _ = try serveRemoteAuthorizedKeys { deploy in "no-pty,command=\"echo a, b\" \(deploy)\r\n" }
        let before = try String(contentsOfFile: authorizedKeys, encoding: .utf8)
        let installed = try home.run(["keys", "install", "deploy", target] + options)

        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertTrue(installed.stdout.contains("already in"), installed.stdout)
        XCTAssertEqual(try String(contentsOfFile: authorizedKeys, encoding: .utf8), before, "nothing changed")
        let login = try deployLogsIn()
        XCTAssertEqual(login.status, 0, "sshd reads the CRLF line too: \(login.stderr)")
        XCTAssertEqual(login.stdout, "a, b\n", "the line's forced command ran: sshd used that very line")
    }

    func testAPlainCRLFLineIsAlreadyThere() throws {
        _ = try serveRemoteAuthorizedKeys { deploy in "\(deploy)\r\n" }
        let before = try String(contentsOfFile: authorizedKeys, encoding: .utf8)
        let installed = try home.run(["keys", "install", "deploy", target] + options)

        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertTrue(installed.stdout.contains("already in"), installed.stdout)
        XCTAssertEqual(try String(contentsOfFile: authorizedKeys, encoding: .utf8), before, "not appended a second time")
    }
}
