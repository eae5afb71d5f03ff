import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Password and public key logins, the advertised method list and partial success, against the
/// scripted asyncssh server.
final class AsyncSSHAuthenticationTests: XCTestCase {
    func testTheKeyFingerprintIsTheOneTheServerHolds() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw"))
        let session = try server.connectSession()

        let hostKey = try session.hostKey()

        XCTAssertEqual(hostKey.algorithm, "ssh-ed25519")
        XCTAssertEqual(hostKey.fingerprint.description, server.hostKeyFingerprint)
    }

    func testTheRightPasswordLogsIn() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "correct horse"))
        let session = try server.connectSession()

        try session.authenticate(username: "alice", password: Secret("correct horse"))

        XCTAssertTrue(session.isAuthenticated)
        XCTAssertEqual(try server.waitForEvent("auth_complete").methods, ["password"])
    }

    func testAWrongPasswordFailsWithAnAuthenticationError() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "correct horse"))
        let session = try server.connectSession()

        XCTAssertThrowsError(try session.authenticate(username: "alice", password: Secret("battery staple"))) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .authentication, "\(error)")
        }

        XCTAssertFalse(session.isAuthenticated)
        let attempt = try server.waitForEvent("auth")
        XCTAssertEqual(attempt.method, "password")
        XCTAssertEqual(attempt.success, false)
    }

    func testTheAuthorizedClientKeyLogsIn() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", authorizesClientKey: true))
        let session = try server.connectSession()

        try session.authenticate(
            username: "alice", privateKeyFile: server.clientPrivateKeyPath, publicKeyFile: server.clientPublicKeyPath,
            passphrase: nil)

        XCTAssertTrue(session.isAuthenticated)
        XCTAssertEqual(try server.waitForEvent("auth_complete").methods, ["publickey"])
    }

    func testAKeyTheServerDoesNotAuthorizeFailsWithAnAuthenticationError() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", authorizesClientKey: true))
        let elsewhere = try TemporaryDirectory(prefix: "termind-stranger-key")
        let strangerKey = elsewhere.path + "/id_ed25519"
        let keygen = try ChildProcess.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", strangerKey])
        XCTAssertEqual(keygen.status, 0, keygen.stderr)
        let session = try server.connectSession()

        XCTAssertThrowsError(try session.authenticate(
            username: "alice", privateKeyFile: strangerKey, publicKeyFile: strangerKey + ".pub", passphrase: nil)
        ) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .authentication, "\(error)")
        }

        XCTAssertFalse(session.isAuthenticated)
        XCTAssertEqual(try server.waitForEvent("auth").success, false)
    }

    func testMethodsAreListedInTheOrderTheServerAdvertisesThem() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user(
            "alice", password: "pw", authorizesClientKey: true,
            keyboardInteractive: [.init(prompts: [.init("Code: ", echo: false)], answers: ["1"])],
            methods: ["keyboard-interactive", "password", "publickey"]))
        let session = try server.connectSession()

        XCTAssertEqual(try session.authenticationMethods(username: "alice"), ["keyboard-interactive", "password", "publickey"])
        XCTAssertFalse(session.isAuthenticated)
    }

    /// libssh2 1.10 reports a step answered with partial success as a failure of that step; the
    /// session stays in authentication, and the next required method completes the login.
    func testPartialSuccessLeavesTheSessionUnauthenticatedUntilEveryRequiredMethodSucceeds() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user(
            "alice", authorizesClientKey: true,
            keyboardInteractive: [.init(name: "OTP", prompts: [.init("Code: ", echo: false)], answers: ["424242"])],
            methods: ["publickey", "keyboard-interactive"], require: ["publickey", "keyboard-interactive"]))
        let session = try server.connectSession()

        XCTAssertThrowsError(try session.authenticate(
            username: "alice", privateKeyFile: server.clientPrivateKeyPath, publicKeyFile: server.clientPublicKeyPath,
            passphrase: nil)
        ) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .authentication, "\(error)")
        }
        XCTAssertFalse(session.isAuthenticated)
        XCTAssertEqual(try server.waitForEvent("auth") { $0.method == "publickey" }.partial, true)

        try session.authenticateKeyboardInteractive(username: "alice") { _ in [Secret("424242")] }

        XCTAssertTrue(session.isAuthenticated)
        XCTAssertEqual(try server.waitForEvent("auth_complete").methods, ["publickey", "keyboard-interactive"])
    }
}
