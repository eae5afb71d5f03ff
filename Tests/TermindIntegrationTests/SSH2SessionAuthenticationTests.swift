import Foundation
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Authentication against OpenSSH with PAM: each method succeeds with the right credentials,
/// fails with kind `.authentication` otherwise, and the server's log shows what it accepted.
final class SSH2SessionAuthenticationTests: XCTestCase {
    func testAuthenticationMethodsListWhatTheServerAllows() throws {
        let server = try startSSHD()
        let session = try server.connectSession()
        let methods = try session.authenticationMethods(username: server.username)
        XCTAssertEqual(Set(methods), ["publickey", "password", "keyboard-interactive"])
        XCTAssertFalse(session.isAuthenticated)
    }

    func testPasswordAuthenticationSucceedsWithTheAccountsPassword() throws {
        let server = try startSSHD()
        let session = try server.connectSession()
        try session.authenticate(username: server.username, password: Secret(server.password))
        XCTAssertTrue(session.isAuthenticated)
        XCTAssertTrue(server.waitForLog(containing: "Accepted password for \(server.username)"), server.log())
    }

    func testWrongPasswordFailsAsAuthenticationWithoutRevealingIt() throws {
        let server = try startSSHD()
        let session = try server.connectSession()
        let wrong = "not-the-password-\(UInt32.random(in: 0...UInt32.max))"
        XCTAssertThrowsError(try session.authenticate(username: server.username, password: Secret(wrong))) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .authentication, "\(error)")
            XCTAssertFalse("\(error)".contains(wrong))
            XCTAssertTrue("\(error)".contains("127.0.0.1:\(server.port)"), "\(error)")
        }
        XCTAssertFalse(session.isAuthenticated)
    }

    func testPublicKeyAuthenticationSucceedsWithTheAuthorizedClientKey() throws {
        let server = try startSSHD()
        let session = try server.connectSession()
        try session.authenticate(
            username: server.username, privateKeyFile: server.clientPrivateKeyPath,
            publicKeyFile: server.clientPublicKeyPath, passphrase: nil)
        XCTAssertTrue(session.isAuthenticated)
        XCTAssertTrue(server.waitForLog(containing: "Accepted publickey for \(server.username)"), server.log())
    }

    func testPublicKeyAuthenticationDerivesThePublicKeyWhenNoFileIsGiven() throws {
        let server = try startSSHD()
        let session = try server.connectSession()
        try session.authenticate(
            username: server.username, privateKeyFile: server.clientPrivateKeyPath, publicKeyFile: nil, passphrase: nil)
        XCTAssertTrue(session.isAuthenticated)
    }

    func testPublicKeyNotInAuthorizedKeysFailsAsAuthentication() throws {
        let server = try startSSHD()
        let other = try TemporaryDirectory()
        let keyPath = other.path + "/other_ed25519"
        let generated = try ChildProcess.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", keyPath])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let session = try server.connectSession()
        XCTAssertThrowsError(try session.authenticate(
            username: server.username, privateKeyFile: keyPath, publicKeyFile: keyPath + ".pub", passphrase: nil)
        ) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .authentication, "\(error)")
        }
        XCTAssertFalse(session.isAuthenticated)
    }

    func testKeyboardInteractiveThroughPAMAsksForThePasswordWithEchoOff() throws {
        let server = try startSSHD()
        let session = try server.connectSession()
        var rounds: [KeyboardInteractiveRound] = []
        try session.authenticateKeyboardInteractive(username: server.username) { round in
            rounds.append(round)
            return round.prompts.map { _ in Secret(server.password) }
        }
        XCTAssertTrue(session.isAuthenticated)
        let prompt = try XCTUnwrap(rounds.first?.prompts.first)
        XCTAssertTrue(prompt.text.contains("Password"), prompt.text)
        XCTAssertFalse(prompt.echo)
        XCTAssertEqual(rounds.map(\.prompts.count), [1, 0], "OpenSSH's PAM ends with a zero-prompt round; it reaches the responder too")
        XCTAssertTrue(server.waitForLog(containing: "Accepted keyboard-interactive/pam for \(server.username)"), server.log())
    }

    func testKeyboardInteractiveWithWrongAnswerFailsAsAuthentication() throws {
        let server = try startSSHD()
        let session = try server.connectSession()
        var roundCount = 0
        XCTAssertThrowsError(try session.authenticateKeyboardInteractive(username: server.username) { round in
            roundCount += 1
            return round.prompts.map { _ in Secret("wrong") }
        }) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .authentication, "\(error)")
        }
        XCTAssertGreaterThanOrEqual(roundCount, 1)
        XCTAssertFalse(session.isAuthenticated)
    }

    func testKeyboardInteractiveResponderErrorEndsTheAttemptWithThatError() throws {
        struct Cancelled: Error, Equatable {}
        let server = try startSSHD()
        let session = try server.connectSession()
        var roundCount = 0
        XCTAssertThrowsError(try session.authenticateKeyboardInteractive(username: server.username) { _ in
            roundCount += 1
            throw Cancelled()
        }) { error in
            XCTAssertEqual(error as? Cancelled, Cancelled())
        }
        XCTAssertEqual(roundCount, 1, "no further round reaches the responder after it threw")
        XCTAssertFalse(session.isAuthenticated)
    }

    func testTimeSpentAnsweringDoesNotCountAgainstTheIOTimeout() throws {
        let server = try startSSHD()
        let session = try SSH2Session(host: server.host, port: server.port, ioTimeout: .seconds(1))
        try session.handshake()
        try session.authenticateKeyboardInteractive(username: server.username) { round in
            Thread.sleep(forTimeInterval: 1.3)  // a person reading the prompt, longer than the timeout
            return round.prompts.map { _ in Secret(server.password) }
        }
        XCTAssertTrue(session.isAuthenticated)
    }

    func testPasswordAfterAFailedAttemptStillSucceedsOnTheSameSession() throws {
        let server = try startSSHD()
        let session = try server.connectSession()
        XCTAssertThrowsError(try session.authenticate(username: server.username, password: Secret("wrong")))
        try session.authenticate(username: server.username, password: Secret(server.password))
        XCTAssertTrue(session.isAuthenticated)
    }
}
