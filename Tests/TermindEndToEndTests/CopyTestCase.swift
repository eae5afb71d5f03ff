import Foundation
import TermindTestSupport
import XCTest

/// What the `termind cp` end-to-end tests share: a Vault home, a "remote" directory the rig's
/// OpenSSH sshd serves (started on first use; the directory then belongs to its login account),
/// a local directory, and `cp` run with the rig's key.
class CopyTestCase: XCTestCase {
    var server: SSHDServer?
    var home: VaultHome!
    var remote: TemporaryDirectory!
    var local: TemporaryDirectory!

    /// The temporary directories' name prefix, so a failed test's leftovers say whose they are.
    class var directoryPrefix: String { "termind-cp" }

    override func setUpWithError() throws {
        home = try VaultHome()
        remote = try TemporaryDirectory(prefix: Self.directoryPrefix + "-remote", mode: 0o755)
        local = try TemporaryDirectory(prefix: Self.directoryPrefix + "-local", mode: 0o755)
    }

    override func tearDown() {
        // XCTest keeps test case instances to the end of the run: let the server and the
        // directories go with the test.
        server?.stop()
        server = nil
        home = nil
        remote = nil
        local = nil
    }

    /// The sshd, started on first use; everything already in `remote` then belongs to its login.
    func sshd() throws -> SSHDServer {
        if let server { return server }
        let started = try startSSHD()
        server = started
        let chown = try ChildProcess.run("chown", ["-R", started.username, remote.path])
        XCTAssertEqual(chown.status, 0, chown.stderr)
        return started
    }

    /// `termind-test@127.0.0.1:PORT:PATH` on the sshd.
    func onServer(_ path: String) throws -> String {
        let server = try sshd()
        return "\(server.username)@\(server.host):\(server.port):\(path)"
    }

    /// `termind cp --batch --accept-new -i KEY ARGUMENTS...`, with the rig's key unless `key`.
    func cp(_ arguments: [String], key: String? = nil) throws -> ChildProcess.Output {
        let keyPath = try key ?? sshd().clientPrivateKeyPath
        return try home.run(["cp", "--batch", "--accept-new", "-i", keyPath] + arguments)
    }
}
