import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// The sshd rig itself: independent instances, overridable configuration, a log to read.
final class SSHDServerTests: XCTestCase {
    func testTwoServersRunSideBySideWithTheirOwnPortsAndHostKeys() throws {
        let first = try startSSHD()
        let second = try startSSHD()
        XCTAssertNotEqual(first.port, second.port)
        XCTAssertNotEqual(try first.fingerprint(ofHostKey: "ssh-ed25519"), try second.fingerprint(ofHostKey: "ssh-ed25519"))
        for server in [first, second] {
            let session = try server.connectSession(hostKeyAlgorithms: ["ssh-ed25519"])
            XCTAssertEqual(try session.hostKey().fingerprint.description, try server.fingerprint(ofHostKey: "ssh-ed25519"))
        }
    }

    func testExtraConfigurationOverridesTheRigsDefaults() throws {
        let server = try startSSHD(configure: "PasswordAuthentication no\nKbdInteractiveAuthentication no")
        let session = try server.connectSession()
        XCTAssertEqual(try session.authenticationMethods(username: server.username), ["publickey"])
    }

    /// Also shows a libssh2 1.10 limit: partial success (the server wants a second method) is
    /// reported as a plain failure; the method list that follows names what is still wanted.
    func testMatchBlocksInExtraConfigurationApplyToTheirUser() throws {
        let server = try startSSHD(configure: "Match User \(TestAccount.username)\n    AuthenticationMethods publickey,password")
        let session = try server.connectSession()
        XCTAssertEqual(try session.authenticationMethods(username: server.username), ["publickey"])
        XCTAssertThrowsError(try session.authenticate(
            username: server.username, privateKeyFile: server.clientPrivateKeyPath,
            publicKeyFile: server.clientPublicKeyPath, passphrase: nil))
        XCTAssertTrue(server.waitForLog(containing: "Partial publickey for \(server.username)"), server.log())
        XCTAssertFalse(session.isAuthenticated)
        XCTAssertEqual(try session.authenticationMethods(username: server.username), ["password"])
        try session.authenticate(username: server.username, password: Secret(server.password))
        XCTAssertTrue(session.isAuthenticated)
    }

    func testStoppedServerNoLongerAcceptsConnections() throws {
        let server = try startSSHD()
        XCTAssertTrue(server.isRunning)
        server.stop()
        XCTAssertFalse(server.isRunning)
        XCTAssertThrowsError(try SSH2Session(host: server.host, port: server.port, connectTimeout: .seconds(2)))
    }
}
