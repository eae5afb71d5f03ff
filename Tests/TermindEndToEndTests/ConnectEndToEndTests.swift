import Foundation
import TermindTestSupport
import XCTest

/// `termind exec`, `ssh` and `known-hosts check` through the built binary against a real
/// OpenSSH sshd started by the test.
final class ConnectEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!

    override func setUpWithError() throws {
        server = try startSSHD(configure: "MaxStartups 100\n")
        home = try VaultHome()
    }

    override func tearDown() {
        // XCTest keeps test case instances alive to the end of the run: release the server
        // and the home here so their temporary directories go with the test.
        server?.stop()
        server = nil
        home = nil
    }

    private var target: String { "\(server.username)@\(server.host):\(server.port)" }
    private var keyOptions: [String] { ["--batch", "-i", server.clientPrivateKeyPath] }

    /// Saves the rig's client key and a Host `web` that logs in with it.
    private func saveWebHost(label: String = "web") throws {
        try home.succeed(["keys", "import", "rig", "--file", server.clientPrivateKeyPath])
        try home.succeed(["identities", "add", "tester", "--user", server.username, "--key", "rig"])
        try home.succeed(["hosts", "add", label, "--hostname", server.host, "--port", String(server.port), "--identity", "tester"])
    }

    func testExecKeepsStdoutAndStderrApartAndExitsWithTheRemoteStatus() throws {
        let result = try home.run(["exec"] + keyOptions + ["--accept-new", target, "--", "echo out; echo err >&2; exit 3"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(result.stdout, "out\n")
        XCTAssertEqual(result.stderr, "err\n")
    }

    func testExecKilledBySignalExitsWith128PlusTheSignal() throws {
        let result = try home.run(["exec"] + keyOptions + ["--accept-new", target, "--", "kill -TERM $$"])
        XCTAssertEqual(result.status, 143, result.stderr)
        XCTAssertTrue(result.stderr.contains("killed by SIGTERM"), result.stderr)
    }

    func testExecJSONOfAKilledCommandExitsAsWithoutJSONAndWritesEveryKey() throws {
        let result = try home.run(["exec"] + keyOptions + ["--accept-new", "--json", target, "--", "kill -TERM $$"])
        XCTAssertEqual(result.status, 143, result.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["signal"] as? String, "TERM")
        XCTAssertTrue(object["exitStatus"] is NSNull, "exitStatus is null, not left out: \(result.stdout)")
        XCTAssertTrue(object["error"] is NSNull, "error is null, not left out: \(result.stdout)")

        let ok = try home.run(["exec"] + keyOptions + ["--json", target, "--", "true"])
        let okObject = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ok.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(okObject["exitStatus"] as? Int, 0)
        XCTAssertTrue(okObject["signal"] is NSNull, ok.stdout)
    }

    func testAWrongKeyOrStoredPasswordWithBatchIsAnAuthenticationFailureNotAMissingPrompt() throws {
        try home.succeed(["exec", "--batch", "--accept-new", "-i", server.clientPrivateKeyPath, target, "--", "true"])
        let other = home.path + "/other"
        XCTAssertEqual(try ChildProcess.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", other]).status, 0)

        // The server also offers password and keyboard-interactive, which --batch cannot ask.
        let wrongKey = try home.run(["ls", "--batch", "-i", other, "\(target):/"])
        XCTAssertEqual(wrongKey.status, 3, wrongKey.stderr)
        XCTAssertTrue(wrongKey.stderr.contains("refused"), wrongKey.stderr)
        let execWrongKey = try home.run(["exec", "--batch", "-i", other, target, "--", "true"])
        XCTAssertEqual(execWrongKey.status, 255, execWrongKey.stderr)
        XCTAssertTrue(execWrongKey.stderr.contains("termind: authentication:"), execWrongKey.stderr)

        try home.succeed(["identities", "add", "badpw", "--user", server.username, "--password-stdin"], stdin: "not-the-password\n")
        try home.succeed(["hosts", "add", "pw", "--hostname", server.host, "--port", String(server.port), "--identity", "badpw"])
        let wrongPassword = try home.run(["ls", "--batch", "pw:/"])
        XCTAssertEqual(wrongPassword.status, 3, wrongPassword.stderr)

        // Nothing to try at all: the missing prompt is the reason.
        try home.succeed(["identities", "add", "bare", "--user", server.username])
        try home.succeed(["hosts", "add", "bare", "--hostname", server.host, "--port", String(server.port), "--identity", "bare"])
        let nothing = try home.run(["ls", "--batch", "bare:/"], environment: ["SSH_AUTH_SOCK": ""])
        XCTAssertEqual(nothing.status, 6, nothing.stderr)
    }

    func testExecOnAVaultHostUsesItsIdentityAndKey() throws {
        try saveWebHost()
        let result = try home.run(["exec", "--batch", "--accept-new", "web", "--", "whoami"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(server.username)\n")
        XCTAssertTrue(server.waitForLog(containing: "Accepted publickey for \(server.username)"))
        let history = try ChildProcess.run("python3", ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(db.execute("SELECT count(*) FROM connection_history h JOIN hosts ON hosts.id = h.host_id WHERE hosts.label = 'web' AND h.kind = 'ssh'").fetchone()[0])
            """, home.databasePath])
        XCTAssertEqual(history.stdout, "1\n", "an opened session adds one Connection History entry: \(history.stderr)")
    }

    func testUnknownHostKeyWithoutATerminalFailsWithItsCategoryAndSendsNoCredential() throws {
        let result = try home.run(["exec"] + keyOptions + [target, "--", "true"])
        XCTAssertEqual(result.status, 255, result.stderr)
        XCTAssertTrue(result.stderr.contains("host-key-not-accepted"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--accept-new"), result.stderr)
        XCTAssertFalse(server.log().contains("Accepted"), server.log())
    }

    func testChangedHostKeyFailsBeforeAnyCredentialIsSent() throws {
        // Trust some other ed25519 key for this server, as if its key had changed.
        let other = try ChildProcess.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", home.path + "/other"])
        XCTAssertEqual(other.status, 0)
        let otherKey = try String(contentsOfFile: home.path + "/other.pub", encoding: .utf8).split(separator: " ")[1]
        try home.succeed(["known-hosts", "add", "[\(server.host)]:\(server.port)", "ssh-ed25519", String(otherKey)])

        let result = try home.run(["exec"] + keyOptions + [target, "--", "true"])
        XCTAssertEqual(result.status, 255, result.stderr)
        XCTAssertTrue(result.stderr.contains("host-key-changed"), result.stderr)
        XCTAssertTrue(result.stderr.contains(try server.fingerprint(ofHostKey: "ssh-ed25519")), result.stderr)
        let log = server.log()
        XCTAssertFalse(log.contains("Accepted") || log.contains("Failed") || log.contains("userauth"), log)

        let check = try home.run(["known-hosts", "check", target.components(separatedBy: "@")[1]])
        XCTAssertEqual(check.status, 5, check.stderr)
        XCTAssertTrue(check.stdout.contains("changed"), check.stdout)
    }

    func testKnownHostsCheckSaysUnknownThenKnownAfterAcceptNew() throws {
        let address = "\(server.host):\(server.port)"
        let before = try home.run(["known-hosts", "check", address])
        XCTAssertEqual(before.status, 4, before.stderr)
        XCTAssertTrue(before.stdout.contains("unknown"), before.stdout)
        try home.succeed(["exec", "--accept-new"] + keyOptions + [target, "--", "true"])
        let after = try home.run(["known-hosts", "check", address, "--json"])
        XCTAssertEqual(after.status, 0, after.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["verdict"] as? String, "known")
        XCTAssertEqual(report["fingerprint"] as? String, try server.fingerprint(ofHostKey: report["keyType"] as? String ?? ""))
    }

    func testExecOnSeveralHostsPrefixesLinesSummarisesAndFailsIfOneFails() throws {
        try saveWebHost()
        try home.succeed(["hosts", "add", "web2", "--hostname", server.host, "--port", String(server.port), "--identity", "tester"])
        let ok = try home.run(["exec", "--batch", "--accept-new", "web", "web2", "--", "echo hello"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(Set(ok.stdout.split(separator: "\n").map(String.init)), ["web: hello", "web2: hello"])
        XCTAssertTrue(ok.stderr.contains("2 of 2 succeeded"), ok.stderr)

        let failing = try home.run(["exec", "--batch", "web", "web2", "--json", "--", "echo x; exit 4"])
        XCTAssertEqual(failing.status, 1, failing.stderr)
        let objects = try failing.stdout.split(separator: "\n").map {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(objects.map { $0["host"] as? String }, ["web", "web2"])
        XCTAssertEqual(objects.map { $0["exitStatus"] as? Int }, [4, 4])
        XCTAssertEqual(objects.first?["stdout"] as? String, "x\n")
    }

    func testSSHRunsAnInteractiveShellInATerminalAndExitsWithItsStatus() throws {
        let session = try TmuxSession(
            command: [try TermindBinary.path(), "ssh", "--accept-new", "-i", server.clientPrivateKeyPath, target],
            environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "$"), session.screen())
        session.send("echo $((6*7)); stty size")
        XCTAssertTrue(session.waitForScreen(containing: "42"), session.screen())
        XCTAssertTrue(session.waitForScreen(containing: "45 160"), session.screen())
        session.send("exit 7")
        XCTAssertTrue(session.waitForScreen(containing: "termind exited 7"), session.screen())
    }

    func testPromptsOnTheTerminalForTheHostKeyAndThePasswordAndTrustOnceSavesNothing() throws {
        let session = try TmuxSession(
            command: [try TermindBinary.path(), "exec", target, "--", "whoami"],
            environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "(yes/once/no)"), session.screen())
        let fingerprints = try SSHDServer.hostKeyAlgorithms.map { try server.fingerprint(ofHostKey: $0) }
        XCTAssertTrue(fingerprints.contains { session.screen().contains($0) }, session.screen())
        session.send("once")
        XCTAssertTrue(session.waitForScreen(containing: "assword"), session.screen())
        session.send(server.password)
        XCTAssertTrue(session.waitForScreen(containing: "termind exited 0"), session.screen())
        XCTAssertTrue(session.screen().contains("\n\(server.username)\n"), session.screen())
        XCTAssertFalse(session.screen().contains(server.password), "the password was echoed")
        XCTAssertEqual((try home.json(["known-hosts", "list"]) as? [[String: Any]])?.count, 0)
    }

    func testRevokedHostKeyIsAHardFailureEvenIfAlsoTrusted() throws {
        for algorithm in SSHDServer.hostKeyAlgorithms {
            let key = try server.hostPublicKey(for: algorithm).split(separator: " ")
            try home.succeed(["known-hosts", "add", "[\(server.host)]:\(server.port)", String(key[0]), String(key[1])])
            try home.succeed(["known-hosts", "add", "[\(server.host)]:\(server.port)", String(key[0]), String(key[1]), "--revoked"])
        }
        let result = try home.run(["exec"] + keyOptions + [target, "--", "true"])
        XCTAssertEqual(result.status, 255, result.stderr)
        XCTAssertTrue(result.stderr.contains("revoked"), result.stderr)
        XCTAssertFalse(server.log().contains("Accepted"), server.log())
        let check = try home.run(["known-hosts", "check", "\(server.host):\(server.port)"])
        XCTAssertEqual(check.status, 5, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("revoked"), check.stdout)
    }

    func testHashedSystemKnownHostsFileIsTrustedReadOnlyUnlessTurnedOff() throws {
        let sshDirectory = home.path + "/.ssh"
        try FileManager.default.createDirectory(atPath: sshDirectory, withIntermediateDirectories: true)
        let file = sshDirectory + "/known_hosts"
        let lines = try SSHDServer.hostKeyAlgorithms.map { algorithm in
            let key = try server.hostPublicKey(for: algorithm).split(separator: " ")
            return "[\(server.host)]:\(server.port) \(key[0]) \(key[1])"
        }
        try (["other.example.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"] + lines)
            .joined(separator: "\n").appending("\n").write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try ChildProcess.run("ssh-keygen", ["-q", "-H", "-f", file]).status, 0)
        try? FileManager.default.removeItem(atPath: file + ".old")
        let hashed = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(hashed.hasPrefix("|1|"), hashed)

        let trusted = try home.run(["exec"] + keyOptions + [target, "--", "echo via-system-file"])
        XCTAssertEqual(trusted.status, 0, trusted.stderr)
        XCTAssertEqual(trusted.stdout, "via-system-file\n")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), hashed, "termind wrote to ~/.ssh/known_hosts")
        XCTAssertEqual((try home.json(["known-hosts", "list"]) as? [[String: Any]])?.count, 0)

        let ignored = try home.run(["exec", "--no-system-known-hosts"] + keyOptions + [target, "--", "true"])
        XCTAssertEqual(ignored.status, 255, ignored.stderr)
        XCTAssertTrue(ignored.stderr.contains("host-key-not-accepted"), ignored.stderr)
    }

    func testExecThroughAJumpHostChecksAndAuthenticatesEachHop() throws {
        // The hop logs at DEBUG1, where sshd names each direct-tcpip target; both servers
        // authorize the rig key of `server`.
        let bastion = try startSSHD(configure: "LogLevel DEBUG1\n")
        try saveWebHost(label: "inner")
        for hop in [bastion] {
            try FileManager.default.removeItem(atPath: hop.authorizedKeysPath)
            try FileManager.default.copyItem(atPath: server.authorizedKeysPath, toPath: hop.authorizedKeysPath)
        }
        try home.succeed(["hosts", "add", "bastion", "--hostname", bastion.host, "--port", String(bastion.port), "--identity", "tester"])
        try home.succeed(["hosts", "edit", "inner", "--jump", "bastion"])

        let result = try home.run(["exec", "--batch", "--accept-new", "inner", "--", "echo $SSH_CONNECTION"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix(" \(server.port)\n"), result.stdout)
        XCTAssertTrue(bastion.waitForLog(containing: "target 127.0.0.1 port \(server.port)"), bastion.log())
        XCTAssertTrue(bastion.log().contains("Accepted publickey for \(bastion.username)"), bastion.log())
        XCTAssertTrue(server.waitForLog(containing: "Starting session: command"), server.log())
        let known = try XCTUnwrap(try home.json(["known-hosts", "list"]) as? [[String: Any]])
        XCTAssertEqual(Set(known.compactMap { $0["pattern"] as? String }), ["[127.0.0.1]:\(server.port)", "[127.0.0.1]:\(bastion.port)"])
    }

    func testKnownHostsCheckOfAJumpedHostGoesThroughItsChainAndChecksEveryHop() throws {
        let bastion = try startSSHD(configure: "LogLevel DEBUG1\n")
        try saveWebHost(label: "inner")
        try FileManager.default.removeItem(atPath: bastion.authorizedKeysPath)
        try FileManager.default.copyItem(atPath: server.authorizedKeysPath, toPath: bastion.authorizedKeysPath)
        try home.succeed(["hosts", "add", "bastion", "--hostname", bastion.host, "--port", String(bastion.port), "--identity", "tester"])
        try home.succeed(["hosts", "edit", "inner", "--jump", "bastion"])

        // The hop's key is unknown: the check stops there, as a connection would.
        let hopUnknown = try home.run(["known-hosts", "check", "--batch", "inner"])
        XCTAssertEqual(hopUnknown.status, 4, hopUnknown.stderr)
        XCTAssertTrue(hopUnknown.stderr.contains("bastion"), hopUnknown.stderr)

        // The hop trusted: the target's key is read through it, and is unknown yet.
        try home.succeed(["exec", "--batch", "--accept-new", "bastion", "--", "true"])
        let targetUnknown = try home.run(["known-hosts", "check", "--batch", "inner", "--json"])
        XCTAssertEqual(targetUnknown.status, 4, targetUnknown.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(targetUnknown.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["verdict"] as? String, "unknown")
        XCTAssertEqual(report["through"] as? [String], ["bastion"])
        XCTAssertEqual(report["fingerprint"] as? String, try server.fingerprint(ofHostKey: report["keyType"] as? String ?? ""))
        XCTAssertTrue(bastion.waitForLog(containing: "target 127.0.0.1 port \(server.port)"), bastion.log())
        XCTAssertFalse(server.log().contains("Accepted"), "nothing authenticates to the checked Host: \(server.log())")

        try home.succeed(["exec", "--batch", "--accept-new", "inner", "--", "true"])
        let known = try home.run(["known-hosts", "check", "--batch", "inner"])
        XCTAssertEqual(known.status, 0, known.stderr)
        XCTAssertTrue(known.stdout.contains("known") && known.stdout.contains("read through bastion"), known.stdout)

        // With the hop down, the target cannot be reached the way connections reach it.
        bastion.stop()
        let hopDown = try home.run(["known-hosts", "check", "--batch", "--connect-timeout", "3", "inner"])
        XCTAssertEqual(hopDown.status, 7, hopDown.stderr)
        XCTAssertFalse(hopDown.stdout.contains("known"), hopDown.stdout)
    }
}
