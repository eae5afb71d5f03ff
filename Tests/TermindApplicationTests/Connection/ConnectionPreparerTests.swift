import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

private typealias Host = TermindDomain.Host

final class ConnectionPreparerTests: XCTestCase {
    private let privateKeyText = Secret("-----BEGIN OPENSSH PRIVATE KEY-----\nkey\n-----END OPENSSH PRIVATE KEY-----\n")

    /// A preparer over in-memory adapters; `build` receives the secret store to seal into and
    /// returns the Vault's records.
    private func preparer(
        codec: StubPrivateKeyCodec = StubPrivateKeyCodec(),
        _ build: (InMemorySecretStore) async throws -> VaultSnapshot = { _ in VaultSnapshot() }
    ) async rethrows -> ConnectionPreparer {
        let secrets = InMemorySecretStore()
        let snapshot = try await build(secrets)
        return ConnectionPreparer(
            store: InMemoryVaultStore(snapshot), secrets: secrets, keyCodec: codec, localAccount: StubLocalAccount(userName: "local"))
    }

    private func key(_ label: String, secret: UUID, encrypted: Bool = false, passphrase: UUID? = nil) throws -> SSHKey {
        SSHKey(
            label: try Label(label), algorithm: .ed25519, bits: 256, publicKeyBlob: PrivateKeyInfo.ed25519Blob,
            privateKeySecretID: secret, isEncrypted: encrypted, passphraseSecretID: passphrase)
    }

    private func host(
        _ label: String, _ hostname: String, port: Int = 22, username: String? = nil, identity: Identity? = nil,
        jumps: [Host] = []
    ) throws -> Host {
        try Host(
            label: Label(label), hostname: hostname, port: Port(port), username: username, identityID: identity?.id,
            jumpChain: jumps.map(\.id))
    }

    // MARK: Address

    func testTheAddressOfAHostUnsealsNothingAndReadsNoKeyFile() async throws {
        // The Identity's Key names a secret the store does not hold: unsealing it would fail.
        let sshKey = try key("deploy", secret: UUID())
        let identity = try Identity(label: Label("ops"), username: "deploy", keyID: sshKey.id)
        let edge = try host("edge", "edge.example.com", identity: identity)
        let db = try host("db", "db.internal", port: 2200, identity: identity, jumps: [edge])
        let preparer = try await preparer { _ in VaultSnapshot(hosts: [edge, db], identities: [identity], keys: [sshKey]) }
        let snapshot = try await preparer.store.snapshot()

        let address = try await preparer.address(destination: "db", loginName: "admin", in: snapshot)

        XCTAssertEqual([address.label, address.username, address.hostname], ["db", "admin", "db.internal"])
        XCTAssertEqual(address.port, 2200)
        XCTAssertTrue(address.credentials.isEmpty)
        XCTAssertEqual(address.jumps.map(\.hostname), ["edge.example.com"])
        XCTAssertTrue(address.jumps.allSatisfy(\.credentials.isEmpty))
        do {
            _ = try await preparer.plan(hostLabel: "db")
            XCTFail("planning the connection itself unseals the Key, which is missing")
        } catch {}
    }

    func testTheAddressOfAnAdHocTargetIsItsOwnWithTheLoginName() async throws {
        let address = try await preparer().address(destination: "deploy@db.example.com:2200", loginName: "root", in: VaultSnapshot())
        XCTAssertEqual([address.username, address.hostname], ["root", "db.example.com"])
        XCTAssertEqual(address.port, 2200)
        XCTAssertTrue(address.credentials.isEmpty)
    }

    // MARK: Username

    func testTheHostsUsernameWinsOverTheIdentitys() async throws {
        let identity = try Identity(label: Label("ops"), username: "identity-user")
        let web = try host("web", "web.example.com", username: "host-user", identity: identity)
        let plan = try await preparer { _ in VaultSnapshot(hosts: [web], identities: [identity]) }.plan(hostLabel: "web")
        XCTAssertEqual(plan.username, "host-user")
    }

    func testTheIdentitysUsernameIsUsedWhenTheHostHasNone() async throws {
        let identity = try Identity(label: Label("ops"), username: "identity-user")
        let web = try host("web", "web.example.com", identity: identity)
        let plan = try await preparer { _ in VaultSnapshot(hosts: [web], identities: [identity]) }.plan(hostLabel: "web")
        XCTAssertEqual(plan.username, "identity-user")
    }

    func testTheLocalUserIsUsedWhenNeitherHostNorIdentityGivesOne() async throws {
        let web = try host("web", "web.example.com", port: 2222)
        let plan = try await preparer { _ in VaultSnapshot(hosts: [web]) }.plan(hostLabel: "web")
        XCTAssertEqual(plan.username, "local")
        XCTAssertEqual(plan.label, "web")
        XCTAssertEqual(plan.hostname, "web.example.com")
        XCTAssertEqual(plan.port, 2222)
        XCTAssertTrue(plan.credentials.isEmpty)
        XCTAssertTrue(plan.jumps.isEmpty)
        XCTAssertTrue(plan.useAgent)
    }

    // MARK: Credentials

    func testTheKeyComesBeforeThePasswordWithSecretsUnsealed() async throws {
        let keyText = privateKeyText
        let preparer = try await preparer { secrets in
            let keySecret = await secrets.seal(keyText)
            let passphrase = await secrets.seal(Secret("phrase"))
            let password = await secrets.seal(Secret("hunter2"))
            let deployKey = try self.key("deploy-key", secret: keySecret, encrypted: true, passphrase: passphrase)
            let identity = try Identity(label: Label("deploy"), username: "deploy", passwordSecretID: password, keyID: deployKey.id)
            let web = try self.host("web", "web.example.com", identity: identity)
            return VaultSnapshot(hosts: [web], identities: [identity], keys: [deployKey])
        }
        let plan = try await preparer.plan(hostLabel: "web")
        XCTAssertEqual(plan.credentials.count, 2)
        guard case .key(let label, let privateKey, let passphrase, let isEncrypted, let algorithm) = plan.credentials.first else {
            return XCTFail("the first credential is not the key")
        }
        XCTAssertEqual(label, "deploy-key")
        XCTAssertEqual(privateKey, keyText)
        XCTAssertEqual(passphrase, Secret("phrase"))
        XCTAssertTrue(isEncrypted)
        XCTAssertEqual(algorithm, .ed25519)
        guard case .password(let password) = plan.credentials.last else { return XCTFail("the second credential is not the password") }
        XCTAssertEqual(password, Secret("hunter2"))
    }

    func testAnEncryptedKeyWithoutAStoredPassphraseIsPlannedWithoutOne() async throws {
        let preparer = try await preparer { secrets in
            let keySecret = await secrets.seal(self.privateKeyText)
            let deployKey = try self.key("deploy-key", secret: keySecret, encrypted: true)
            let identity = try Identity(label: Label("deploy"), username: "deploy", keyID: deployKey.id)
            return VaultSnapshot(hosts: [try self.host("web", "web", identity: identity)], identities: [identity], keys: [deployKey])
        }
        let plan = try await preparer.plan(hostLabel: "web")
        guard case .key(_, _, let passphrase, let isEncrypted, _) = plan.credentials.first else { return XCTFail("no key") }
        XCTAssertNil(passphrase, "the connector asks for it through the interaction queue")
        XCTAssertTrue(isEncrypted)
        XCTAssertEqual(plan.credentials.count, 1)
    }

    func testAnIdentityWithOnlyAUsernameGivesNoCredentials() async throws {
        let identity = try Identity(label: Label("ops"), username: "ops")
        let plan = try await preparer { _ in
            VaultSnapshot(hosts: [try self.host("web", "web", identity: identity)], identities: [identity])
        }.plan(hostLabel: "web")
        XCTAssertTrue(plan.credentials.isEmpty)
        XCTAssertEqual(plan.username, "ops")
    }

    func testAMissingSecretFailsWithTheSecretStoresVaultUnavailable() async throws {
        let missing = UUID()
        let identity = try Identity(label: Label("ops"), username: "ops", passwordSecretID: missing)
        let preparer = try await preparer { _ in
            VaultSnapshot(hosts: [try self.host("web", "web", identity: identity)], identities: [identity])
        }
        do {
            _ = try await preparer.plan(hostLabel: "web")
            XCTFail("expected VaultUnavailable")
        } catch let error as VaultUnavailable {
            XCTAssertEqual(error.cause, .missingSecret(record: missing.uuidString))
            XCTAssertEqual(error.exitCode, .vaultUnavailable)
        }
    }

    func testAnUnknownLabelIsAMissingHost() async throws {
        let preparer = try await preparer()
        await assertThrows(VaultRuleViolation.missingRecord(kind: .host, label: "nope")) {
            try await preparer.plan(hostLabel: "nope")
        }
    }

    // MARK: Jumps

    func testEachHopKeepsItsOwnHostsKeepalive() async throws {
        var edge = try host("edge", "edge.example.com")
        edge.keepalive = try Keepalive(interval: 5, countMax: 2)
        var db = try host("db", "db.internal", jumps: [edge])
        db.keepalive = .off
        let plan = try await preparer { _ in VaultSnapshot(hosts: [edge, db]) }.plan(hostLabel: "db")
        XCTAssertEqual(plan.keepalive, .off, "the target never sends one")
        XCTAssertEqual(plan.jumps.map(\.keepalive), [try Keepalive(interval: 5, countMax: 2)])
        let adHoc = try await preparer().plan(adHoc: try AdHocTarget(parsing: "someone@elsewhere.example.com"))
        XCTAssertEqual(adHoc.keepalive, .standard, "an ad-hoc destination has ssh's defaults here: 30 s x 3")
    }

    func testTheJumpChainIsExpandedFirstHopFirstEachHopPlannedOnItsOwn() async throws {
        let bastionIdentity = try Identity(label: Label("bastion-user"), username: "jump")
        let edge = try host("edge", "edge.example.com", port: 2200, username: "edge-user")
        let bastion = try host("bastion", "bastion.internal", identity: bastionIdentity, jumps: [edge])
        let db = try host("db", "db.internal", username: "postgres", jumps: [bastion])
        let preparer = await preparer { secrets in
            let password = await secrets.seal(Secret("bastion-pw"))
            var identity = bastionIdentity
            identity.passwordSecretID = password
            return VaultSnapshot(hosts: [db, bastion, edge], identities: [identity])
        }
        let plan = try await preparer.plan(hostLabel: "db")
        XCTAssertEqual(plan.username, "postgres")
        XCTAssertEqual(plan.jumps.map(\.label), ["edge", "bastion"])
        XCTAssertEqual(plan.jumps.map(\.username), ["edge-user", "jump"])
        XCTAssertEqual(plan.jumps.map(\.port), [2200, 22])
        XCTAssertEqual(plan.jumps.map(\.jumps.count), [0, 0])
        guard case .password(let password) = plan.jumps[1].credentials.first else { return XCTFail("bastion has no password") }
        XCTAssertEqual(password, Secret("bastion-pw"))
        XCTAssertTrue(plan.credentials.isEmpty)
    }

    // MARK: Ad hoc

    func testAnAdHocPlanIsLabelledUserAtHostnamePort() async throws {
        let preparer = try await preparer()
        let plan = try preparer.plan(adHoc: AdHocTarget(parsing: "root@127.0.0.1:2222"))
        XCTAssertEqual(plan.label, "root@127.0.0.1:2222")
        XCTAssertEqual(plan.username, "root")
        XCTAssertEqual(plan.hostname, "127.0.0.1")
        XCTAssertEqual(plan.port, 2222)
        XCTAssertTrue(plan.credentials.isEmpty)

        let local = try preparer.plan(adHoc: AdHocTarget(parsing: "::1"))
        XCTAssertEqual(local.label, "local@[::1]:22")
        XCTAssertEqual(local.hostname, "::1")
    }

    func testAnAdHocKeyFileIsTheOnlyCredential() async throws {
        let preparer = try await preparer(codec: StubPrivateKeyCodec(inspecting: .encryptedEd25519))
        let file = AdHocKeyFile(path: "/home/u/.ssh/id_ed25519", privateKey: privateKeyText)
        let plan = try preparer.plan(adHoc: AdHocTarget(parsing: "web", loginName: "deploy", keyFile: file))
        XCTAssertEqual(plan.username, "deploy")
        guard case .key(let label, let privateKey, let passphrase, let isEncrypted, let algorithm) = plan.credentials.first else {
            return XCTFail("no key")
        }
        XCTAssertEqual(label, "/home/u/.ssh/id_ed25519")
        XCTAssertEqual(privateKey, privateKeyText)
        XCTAssertNil(passphrase)
        XCTAssertTrue(isEncrypted)
        XCTAssertEqual(algorithm, .ed25519)
    }

    func testAnEncryptedPEMKeyFileIsPlannedAsEncryptedWithTheTypeOfItsHeader() async throws {
        let preparer = try await preparer(codec: StubPrivateKeyCodec(failingWith: .passphraseRequired))
        let pem = Secret("-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n")
        let plan = try preparer.plan(adHoc: AdHocTarget(parsing: "web", keyFile: AdHocKeyFile(path: "id_rsa", privateKey: pem)))
        guard case .key(_, _, _, let isEncrypted, let algorithm) = plan.credentials.first else { return XCTFail("no key") }
        XCTAssertTrue(isEncrypted)
        XCTAssertEqual(algorithm, .rsa)
    }

    func testAKeyFileThatIsNotAKeyFailsNamingTheFile() async throws {
        let preparer = try await preparer(codec: StubPrivateKeyCodec(failingWith: .notAPrivateKey(detail: "no PEM header")))
        let file = AdHocKeyFile(path: "notes.txt", privateKey: Secret("hello"))
        XCTAssertThrowsError(try preparer.plan(adHoc: AdHocTarget(parsing: "web", keyFile: file))) { error in
            XCTAssertEqual(
                error as? AdHocTargetError, .unusableKeyFile(path: "notes.txt", reason: "not a private key file: no PEM header"))
            XCTAssertTrue("\(error)".contains("notes.txt"))
        }
    }

    func testADestinationThatIsAVaultLabelUsesTheHost() async throws {
        let web = try host("web", "web.example.com", username: "www")
        let preparer = await preparer { _ in VaultSnapshot(hosts: [web]) }
        let plan = try await preparer.plan(destination: "web")
        XCTAssertEqual(plan.hostname, "web.example.com")
        XCTAssertEqual(plan.username, "www")

        let overridden = try await preparer.plan(
            destination: "web", loginName: "root", keyFile: AdHocKeyFile(path: "k", privateKey: privateKeyText))
        XCTAssertEqual(overridden.username, "root")
        XCTAssertEqual(overridden.label, "web")
        guard case .key(let label, _, _, _, _) = overridden.credentials.first else { return XCTFail("no -i key first") }
        XCTAssertEqual(label, "k")
    }

    func testADestinationThatIsNoLabelIsAdHoc() async throws {
        let preparer = try await preparer { _ in VaultSnapshot(hosts: [try self.host("web", "web.example.com")]) }
        let plan = try await preparer.plan(destination: "deploy@db.example.com:2200")
        XCTAssertEqual(plan.label, "deploy@db.example.com:2200")
        XCTAssertEqual(plan.port, 2200)
        do {
            _ = try await preparer.plan(destination: "deploy@")
            XCTFail("expected AdHocTargetError")
        } catch let error as AdHocTargetError {
            XCTAssertEqual(error.exitCode, .usage)
        }
    }
}
