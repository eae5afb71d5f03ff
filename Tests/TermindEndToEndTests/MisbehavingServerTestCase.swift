import Foundation
import TermindTestSupport
import XCTest

/// What the tests against a misbehaving SFTP server share (issue 28): a directory the asyncssh
/// rig serves as `/`, lying about it as each test sets up (`Tests/Rig/misbehaving_sftp.py`),
/// and `cp`/`ls` run against it with the rig's key.
class MisbehavingServerTestCase: CopyTestCase {
    var served: TemporaryDirectory!
    var liar: AsyncSSHServer?

    override class var directoryPrefix: String { "termind-hostile" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        served = try TemporaryDirectory(prefix: Self.directoryPrefix + "-served", mode: 0o755)
    }

    override func tearDown() {
        liar?.stop()
        liar = nil
        served = nil
        super.tearDown()
    }

    /// Starts the rig serving `served`, lying as `change` says.
    @discardableResult
    func startLiar(_ change: (inout AsyncSSHScenario.SFTP) -> Void = { _ in }) throws -> AsyncSSHServer {
        liar?.stop()
        let started = try AsyncSSHServer.start(AsyncSSHScenario()
            .user("alice", authorizesClientKey: true)
            .sftp(root: served.path, lying: change))
        liar = started
        return started
    }

    /// `alice@127.0.0.1:PORT:PATH` on the lying server.
    func onLiar(_ path: String) throws -> String {
        let server = try XCTUnwrap(liar, "startLiar first")
        return "alice@\(server.host):\(server.port):\(path)"
    }

    /// `termind COMMAND --batch --accept-new -i KEY ARGUMENTS...` against the lying server.
    func runAgainstLiar(_ command: String, _ arguments: [String]) throws -> ChildProcess.Output {
        let server = try XCTUnwrap(liar, "startLiar first")
        return try home.run([command, "--batch", "--accept-new", "-i", server.clientPrivateKeyPath] + arguments)
    }
}
