import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestDoubles
import TermindTestSupport
import XCTest

/// Authentication through `LibSSH2Connector` against a real sshd: keys from memory (Ed25519,
/// ECDSA, encrypted with a stored or an asked passphrase), passwords, keyboard-interactive
/// through PAM and the interaction queue, partial success, refusals that are never retried,
/// and RSA keys that libssh2 1.10 cannot sign acceptably.
final class ConnectionAuthenticationTests: XCTestCase {
    private static func connect(
        _ plan: ConnectionPlan, context: ConnectionContext = connectionContext(), logger: any Logger = NullLogger()
    ) async throws -> any SSHConnection {
        try await within(.seconds(30)) {
            try await LibSSH2Connector(logger: logger, agentSocketPath: nil).connect(plan, using: context)
        }
    }

    /// Runs `whoami` on the connection and closes it.
    private static func whoami(_ connection: any SSHConnection) async throws -> String {
        let output = try await CollectedOutput.collect(try await connection.execute("whoami").output)
        await connection.close()
        return output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func failure(of body: @Sendable () async throws -> any SSHConnection) async -> SSHFailure? {
        do {
            let connection = try await body()
            await connection.close()
            return nil
        } catch {
            return error as? SSHFailure
        }
    }

    func testEd25519KeyFromMemory() async throws {
        let server = try startSSHD()
        let connection = try await Self.connect(server.plan(credentials: [try server.clientKeyCredential()]))
        let user = try await Self.whoami(connection)
        XCTAssertEqual(user, server.username)
        XCTAssertTrue(server.waitForLog(containing: "Accepted publickey for \(server.username)"), server.log())
    }

    func testECDSAKeysFromMemory() async throws {
        let server = try startSSHD()
        for (bits, algorithm) in [(256, KeyAlgorithm.ecdsaP256), (384, .ecdsaP384), (521, .ecdsaP521)] {
            let path = try server.makeAuthorizedKey(type: "ecdsa", bits: bits, name: "id_ecdsa_\(bits)")
            let key = Credential.key(label: "ecdsa-\(bits)", privateKey: try SSHDServer.secret(atPath: path),
                                     passphrase: nil, isEncrypted: false, algorithm: algorithm)
            let connection = try await Self.connect(server.plan(credentials: [key]))
            let user = try await Self.whoami(connection)
            XCTAssertEqual(user, server.username, "ECDSA \(bits)")
        }
        XCTAssertTrue(server.waitForLog(containing: "ECDSA"), server.log())
    }

    func testEncryptedKeyWithItsStoredPassphrase() async throws {
        let server = try startSSHD()
        let path = try server.makeAuthorizedKey(type: "ed25519", passphrase: "stored phrase", name: "id_locked")
        let key = Credential.key(label: "locked", privateKey: try SSHDServer.secret(atPath: path),
                                 passphrase: Secret("stored phrase"), isEncrypted: true, algorithm: .ed25519)
        let presenter = ScriptedPresenter.refusing()
        let connection = try await Self.connect(server.plan(credentials: [key]), context: connectionContext(presenter: presenter))
        let user = try await Self.whoami(connection)
        XCTAssertEqual(user, server.username)
        XCTAssertEqual(presenter.presented.count, 0, "a stored passphrase must not be asked for")
    }

    func testEncryptedKeyWithoutAStoredPassphraseAsksThroughTheQueue() async throws {
        let server = try startSSHD()
        let path = try server.makeAuthorizedKey(type: "ed25519", passphrase: "asked phrase", name: "id_asked")
        let key = Credential.key(label: "asked", privateKey: try SSHDServer.secret(atPath: path),
                                 passphrase: nil, isEncrypted: true, algorithm: .ed25519)
        let presenter = ScriptedPresenter { _ in .secret(Secret("asked phrase")) }
        let logger = RecordingLogger()
        let plan = server.plan(label: "locked-host", credentials: [key])
        let connection = try await Self.connect(plan, context: connectionContext(presenter: presenter), logger: logger)
        let user = try await Self.whoami(connection)
        XCTAssertEqual(user, server.username)
        XCTAssertEqual(presenter.presented.map(\.request), [.passphrase(keyLabel: "asked")])
        XCTAssertEqual(presenter.presented.first?.connectionLabel, "locked-host")
        XCTAssertFalse(logger.messages.joined().contains("asked phrase"), "the passphrase reached the log")
    }

    func testAnEncryptedKeyInASilentConnectionNeedsAnInteraction() async throws {
        let server = try startSSHD(configure: "PasswordAuthentication no\nKbdInteractiveAuthentication no")
        let path = try server.makeAuthorizedKey(type: "ed25519", passphrase: "never asked", name: "id_silent")
        let key = Credential.key(label: "silent", privateKey: try SSHDServer.secret(atPath: path),
                                 passphrase: nil, isEncrypted: true, algorithm: .ed25519)
        let plan = server.plan(credentials: [key])
        let failure = await Self.failure { try await Self.connect(plan) }
        XCTAssertEqual(failure?.kind, .interactionRequired, "\(String(describing: failure))")
        XCTAssertTrue(failure?.detail.contains("passphrase of Key 'silent'") == true, "\(String(describing: failure))")
    }

    func testPassword() async throws {
        let server = try startSSHD()
        let plan = server.plan(credentials: [.password(Secret(server.password))])
        let connection = try await Self.connect(plan)
        let user = try await Self.whoami(connection)
        XCTAssertEqual(user, server.username)
        XCTAssertTrue(server.waitForLog(containing: "Accepted password for \(server.username)"), server.log())
    }

    func testAWrongPasswordFailsOnceAndIsNotRetried() async throws {
        let server = try startSSHD(configure: "KbdInteractiveAuthentication no")
        let plan = server.plan(credentials: [.password(Secret("not the password"))])
        let logger = RecordingLogger()
        let failure = await Self.failure { try await Self.connect(plan, logger: logger) }
        XCTAssertEqual(failure?.kind, .authentication, "\(String(describing: failure))")
        XCTAssertTrue(failure?.detail.contains("refused password") == true, "\(String(describing: failure))")
        XCTAssertFalse("\(String(describing: failure))".contains("not the password"))
        XCTAssertFalse(logger.messages.joined().contains("not the password"))
        XCTAssertTrue(server.waitForLog(containing: "Failed password for \(server.username)"), server.log())
        // A second try would have been answered, and logged, before the failure came back.
        XCTAssertEqual(server.log().components(separatedBy: "Failed password for").count - 1, 1, server.log())
    }

    func testKeyboardInteractiveThroughPAMAsksThroughTheQueue() async throws {
        let server = try startSSHD(configure: "PasswordAuthentication no")
        let presenter = ScriptedPresenter { interaction in
            guard case .keyboardInteractive(let round) = interaction.request, round.prompts.count == 1 else {
                throw TestRigError("unexpected \(interaction.request)")
            }
            return .responses([Secret(TestAccount.password)])
        }
        // A stored password must not be used to answer keyboard-interactive rounds.
        let plan = server.plan(label: "pam-host", credentials: [.password(Secret("stored, not for kbd-int"))])
        let connection = try await Self.connect(plan, context: connectionContext(presenter: presenter))
        let user = try await Self.whoami(connection)
        XCTAssertEqual(user, server.username)
        let round = try XCTUnwrap(presenter.presented.first)
        XCTAssertEqual(round.connectionLabel, "pam-host")
        guard case .keyboardInteractive(let asked) = round.request else { return XCTFail("\(round.request)") }
        XCTAssertEqual(asked.prompts.map(\.echo), [false])
        XCTAssertTrue(asked.prompts[0].text.lowercased().contains("password"), asked.prompts[0].text)
        XCTAssertTrue(server.waitForLog(containing: "Accepted keyboard-interactive/pam for \(server.username)"), server.log())
    }

    func testPartialSuccessGoesOnWithTheNextMethod() async throws {
        let server = try startSSHD(configure: "AuthenticationMethods publickey,password")
        let plan = server.plan(credentials: [try server.clientKeyCredential(), .password(Secret(server.password))])
        let logger = RecordingLogger()
        let connection = try await Self.connect(plan, logger: logger)
        let user = try await Self.whoami(connection)
        XCTAssertEqual(user, server.username)
        XCTAssertTrue(logger.messages.contains { $0.contains("partial success; the server now offers password") }, "\(logger.messages)")
        XCTAssertTrue(server.waitForLog(containing: "Accepted password for \(server.username)"), server.log())
        XCTAssertTrue(server.log().contains("Partial publickey for \(server.username)"), server.log())
    }

    func testAnRSAKeyIsRefusedWithAMessageSayingWhyAndWhatToDo() async throws {
        let server = try startSSHD(configure: "PasswordAuthentication no\nKbdInteractiveAuthentication no")
        let path = try server.makeAuthorizedKey(type: "rsa", bits: 2048, name: "id_rsa")
        let key = Credential.key(label: "old-rsa", privateKey: try SSHDServer.secret(atPath: path),
                                 passphrase: nil, isEncrypted: false, algorithm: .rsa)
        let plan = server.plan(credentials: [key])
        let failure = await Self.failure { try await Self.connect(plan) }
        XCTAssertEqual(failure?.kind, .authentication, "\(String(describing: failure))")
        let detail = failure?.detail ?? ""
        XCTAssertTrue(detail.contains("ssh-rsa (SHA-1)"), detail)
        XCTAssertTrue(detail.contains("OpenSSH 8.8"), detail)
        XCTAssertTrue(detail.contains("ed25519"), detail)
    }

    func testNothingFittingTheServersMethodsSaysWhatIsMissing() async throws {
        let server = try startSSHD(configure: "PasswordAuthentication no\nKbdInteractiveAuthentication no")
        let plan = server.plan(credentials: [.password(Secret(server.password))])
        let failure = await Self.failure { try await Self.connect(plan) }
        XCTAssertEqual(failure?.kind, .authentication, "\(String(describing: failure))")
        XCTAssertTrue(failure?.detail.contains("the server accepts publickey") == true, "\(String(describing: failure))")
    }
}
