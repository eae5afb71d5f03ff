import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

final class VaultEditorKeyTests: XCTestCase {
    private let privateKey = Secret("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n-----END OPENSSH PRIVATE KEY-----\n")
    private let passphrase = Secret("correct horse")

    // MARK: import

    func testImportingAnUnencryptedKeySealsOnlyThePrivateKey() async throws {
        let rig = VaultEditorRig(codec: StubPrivateKeyCodec(inspecting: .unencryptedEd25519))
        let key = try await rig.editor.importKey("deploy", privateKey: privateKey, passphrase: nil, storePassphrase: false)

        XCTAssertEqual(key.algorithm, .ed25519)
        XCTAssertEqual(key.bits, 256)
        XCTAssertEqual(key.publicKeyBlob, PrivateKeyInfo.ed25519Blob)
        XCTAssertEqual(key.comment, "deploy@laptop")
        XCTAssertFalse(key.isEncrypted)
        XCTAssertNil(key.passphraseSecretID)
        XCTAssertEqual(
            rig.journal.entries,
            [.sealed(key.privateKeySecretID), .applied([.stored(key.privateKeySecretID, privateKey), .save(.key(key))])])
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [key.privateKeySecretID: privateKey])
        let stored = await rig.store.snapshot().key("deploy")
        XCTAssertEqual(stored, key)
    }

    func testAnEncryptedKeysPassphraseIsStoredWhenAsked() async throws {
        let rig = VaultEditorRig(codec: StubPrivateKeyCodec(inspecting: .encryptedEd25519))
        let key = try await rig.editor.importKey("deploy", privateKey: privateKey, passphrase: passphrase, storePassphrase: true)

        XCTAssertTrue(key.isEncrypted)
        let passphraseID = try XCTUnwrap(key.passphraseSecretID)
        XCTAssertEqual(
            rig.journal.entries,
            [
                .sealed(key.privateKeySecretID), .sealed(passphraseID),
                .applied([.stored(key.privateKeySecretID, privateKey), .stored(passphraseID, passphrase), .save(.key(key))]),
            ])
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [key.privateKeySecretID: privateKey, passphraseID: passphrase])
    }

    func testAnEncryptedKeysPassphraseIsNotStoredUnlessAsked() async throws {
        let rig = VaultEditorRig(codec: StubPrivateKeyCodec(inspecting: .encryptedEd25519))
        let key = try await rig.editor.importKey("deploy", privateKey: privateKey, passphrase: passphrase, storePassphrase: false)

        XCTAssertTrue(key.isEncrypted)
        XCTAssertNil(key.passphraseSecretID)
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [key.privateKeySecretID: privateKey])
    }

    func testAPassphraseForAnUnencryptedKeyIsNeverStored() async throws {
        let rig = VaultEditorRig(codec: StubPrivateKeyCodec(inspecting: .unencryptedEd25519))
        let key = try await rig.editor.importKey("deploy", privateKey: privateKey, passphrase: passphrase, storePassphrase: true)

        XCTAssertNil(key.passphraseSecretID)
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [key.privateKeySecretID: privateKey])
    }

    func testAKeyTheCodecCannotReadSealsNothing() async throws {
        for error in [
            PrivateKeyError.wrongPassphrase, .passphraseRequired, .notAPrivateKey(detail: "no PEM header"),
            .unsupported(detail: "ssh-dss"),
        ] {
            let rig = VaultEditorRig(codec: StubPrivateKeyCodec(failingWith: error))
            await assertThrows(error) {
                try await rig.editor.importKey("deploy", privateKey: privateKey, passphrase: passphrase, storePassphrase: true)
            }
            XCTAssertEqual(rig.journal.entries, [], "\(error)")
            let secrets = await rig.secrets.stored
            XCTAssertEqual(secrets, [:], "\(error)")
        }
    }

    func testAnImportWhoseSaveFailsStoresNeitherTheKeyNorThePassphraseItSealed() async throws {
        let rig = VaultEditorRig(codec: StubPrivateKeyCodec(inspecting: .encryptedEd25519))
        await rig.store.failNextApply()
        await assertThrows(InMemoryVaultStore.injectedFailure) {
            try await rig.editor.importKey("deploy", privateKey: privateKey, passphrase: passphrase, storePassphrase: true)
        }
        let entries = rig.journal.entries
        guard entries.count == 3, case .sealed = entries[0], case .sealed = entries[1], case .refused = entries[2]
        else { return XCTFail("expected two seals and a refused save that would have stored them; got \(entries)") }
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [:])
        let keys = await rig.store.snapshot().keys
        XCTAssertEqual(keys, [])
    }

    func testImportingUnderATakenLabelIsRefusedBeforeSealing() async throws {
        let rig = VaultEditorRig()
        _ = try await rig.editor.importKey("deploy", privateKey: privateKey, passphrase: nil, storePassphrase: false)
        let mark = rig.journal.entries.count
        await assertThrows(VaultRuleViolation.duplicateLabel(kind: .key, label: "deploy")) {
            try await rig.editor.importKey("deploy", privateKey: privateKey, passphrase: nil, storePassphrase: false)
        }
        XCTAssertEqual(rig.entries(after: mark), [])
    }

    // MARK: generate

    func testGenerateKeySealsTheNewPrivateKeyAndSavesItsPublicHalf() async throws {
        let rig = VaultEditorRig()
        let key = try await rig.editor.generateKey("ci", algorithm: .ecdsaP256, comment: "ci@build")

        XCTAssertEqual(key.algorithm, .ecdsaP256)
        XCTAssertEqual(key.comment, "ci@build")
        XCTAssertFalse(key.isEncrypted)
        XCTAssertNil(key.passphraseSecretID)
        XCTAssertEqual(
            rig.journal.entries,
            [
                .sealed(key.privateKeySecretID),
                .applied([.stored(key.privateKeySecretID, StubPrivateKeyCodec.generatedPrivateKey), .save(.key(key))]),
            ])
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [key.privateKeySecretID: StubPrivateKeyCodec.generatedPrivateKey])
        let stored = await rig.store.snapshot().key("ci")
        XCTAssertEqual(stored, key)
    }

    func testGenerateKeyUnderATakenLabelIsRefused() async throws {
        let rig = VaultEditorRig()
        _ = try await rig.editor.generateKey("ci", algorithm: .ed25519, comment: "")
        await assertThrows(VaultRuleViolation.duplicateLabel(kind: .key, label: "ci")) {
            try await rig.editor.generateKey("ci", algorithm: .ed25519, comment: "")
        }
    }

    // MARK: remove

    func testRemoveKeyRemovesItsPrivateKeyAndPassphraseSecretsWithTheRecord() async throws {
        let rig = VaultEditorRig(codec: StubPrivateKeyCodec(inspecting: .encryptedEd25519))
        let key = try await rig.editor.importKey("deploy", privateKey: privateKey, passphrase: passphrase, storePassphrase: true)
        let mark = rig.journal.entries.count

        try await rig.editor.removeKey("deploy")
        XCTAssertEqual(
            rig.entries(after: mark),
            [.applied([.remove(.key, id: key.id), .removeSecret(key.privateKeySecretID), .removeSecret(key.passphraseSecretID!)])])
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [:])
        let keys = await rig.store.snapshot().keys
        XCTAssertEqual(keys, [])
    }

    func testRemoveKeyInUseIsRefusedAndForceUnbindsTheIdentities() async throws {
        let rig = VaultEditorRig()
        let key = try await rig.editor.importKey("deploy", privateKey: privateKey, passphrase: nil, storePassphrase: false)
        let identity = try await rig.editor.addIdentity("deploy", IdentityFields(username: "deploy", key: "deploy"))
        await assertThrows(
            VaultRuleViolation.recordInUse(kind: .key, label: "deploy", usedBy: ["Identity 'deploy'"])
        ) {
            try await rig.editor.removeKey("deploy")
        }
        let mark = rig.journal.entries.count

        try await rig.editor.removeKey("deploy", force: true)
        var unbound = identity
        unbound.keyID = nil
        XCTAssertEqual(
            rig.entries(after: mark),
            [.applied([.save(.identity(unbound)), .remove(.key, id: key.id), .removeSecret(key.privateKeySecretID)])])
    }

    func testRemovingAnUnknownKeyIsMissingRecord() async {
        await assertThrows(VaultRuleViolation.missingRecord(kind: .key, label: "nope")) {
            try await VaultEditorRig().editor.removeKey("nope")
        }
    }
}
