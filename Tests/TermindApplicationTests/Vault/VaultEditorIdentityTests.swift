import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

private typealias Host = TermindDomain.Host

final class VaultEditorIdentityTests: XCTestCase {
    private var key: SSHKey!
    private var rig: VaultEditorRig!

    override func setUpWithError() throws {
        key = SSHKey(
            label: try Label("deploy-ed25519"), algorithm: .ed25519, bits: 256, publicKeyBlob: PrivateKeyInfo.ed25519Blob,
            privateKeySecretID: UUID(), isEncrypted: false)
        rig = VaultEditorRig(VaultSnapshot(keys: [key]))
    }

    /// Saves an Identity with a sealed password, as `addIdentity` would, and returns it with
    /// the secret's id.
    private func seedIdentity(_ label: String, password: String?) async throws -> Identity {
        try await rig.editor.addIdentity(
            label, IdentityFields(username: label, key: "deploy-ed25519", password: password.map(Secret.init)))
    }

    private func seedHost(_ label: String, identity: Identity) async throws -> Host {
        let host = try Host(label: Label(label), hostname: "\(label).example.com", identityID: identity.id)
        try await rig.store.apply([.save(.host(host))])
        return host
    }

    // MARK: add

    func testAnIdentityWithOnlyAUsernameSealsNothing() async throws {
        let identity = try await rig.editor.addIdentity("deploy", IdentityFields(username: "deploy"))
        XCTAssertFalse(identity.hasPassword)
        XCTAssertNil(identity.keyID)
        XCTAssertEqual(rig.journal.entries, [.applied([.save(.identity(identity))])])
        let stored = await rig.store.snapshot().identity("deploy")
        XCTAssertEqual(stored, identity)
    }

    func testAddIdentityResolvesTheKeyLabelAndRefusesAnUnknownOne() async throws {
        let identity = try await rig.editor.addIdentity("deploy", IdentityFields(username: "deploy", key: "deploy-ed25519"))
        XCTAssertEqual(identity.keyID, key.id)
        await assertThrows(VaultRuleViolation.missingRecord(kind: .key, label: "nope")) {
            try await rig.editor.addIdentity("ops", IdentityFields(username: "ops", key: "nope"))
        }
    }

    func testAddIdentitySealsThePasswordAndStoresItWithTheIdentityThatNamesIt() async throws {
        let identity = try await rig.editor.addIdentity(
            "deploy", IdentityFields(username: "deploy", password: Secret("hunter2")))
        let secretID = try XCTUnwrap(identity.passwordSecretID)
        XCTAssertEqual(
            rig.journal.entries, [.sealed(secretID), .applied([.stored(secretID, Secret("hunter2")), .save(.identity(identity))])])
        let stored = await rig.secrets.stored
        XCTAssertEqual(stored, [secretID: Secret("hunter2")])
    }

    func testAddIdentityWhoseSaveFailsNeverStoresTheSealedPassword() async throws {
        await rig.store.failNextApply()
        await assertThrows(InMemoryVaultStore.injectedFailure) {
            try await rig.editor.addIdentity("deploy", IdentityFields(username: "deploy", password: Secret("hunter2")))
        }
        let entries = rig.journal.entries
        guard entries.count == 2, case .sealed = entries[0], case .refused = entries[1] else {
            return XCTFail("expected a seal and a refused save that would have stored it; got \(entries)")
        }
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [:], "nothing half-written: no orphaned secret")
        let identities = await rig.store.snapshot().identities
        XCTAssertEqual(identities, [])
    }

    func testAddIdentityWithATakenLabelSealsNothing() async throws {
        _ = try await seedIdentity("deploy", password: nil)
        let mark = rig.journal.entries.count
        await assertThrows(VaultRuleViolation.duplicateLabel(kind: .identity, label: "deploy")) {
            try await rig.editor.addIdentity("deploy", IdentityFields(username: "other", password: Secret("pw")))
        }
        XCTAssertEqual(rig.entries(after: mark), [])
    }

    func testAddIdentityWithoutAUsernameIsRefusedAndSealsNothing() async {
        await assertThrows(VaultRuleViolation.emptyUsername) {
            try await rig.editor.addIdentity("deploy", IdentityFields(password: Secret("pw")))
        }
        await assertThrows(VaultRuleViolation.emptyUsername) {
            try await rig.editor.addIdentity("deploy", IdentityFields(username: "  ", password: Secret("pw")))
        }
        XCTAssertEqual(rig.journal.entries, [])
    }

    // MARK: edit

    func testEditIdentityWithANewPasswordStoresItAndRemovesTheOldOneInTheSave() async throws {
        let before = try await seedIdentity("deploy", password: "old")
        let old = try XCTUnwrap(before.passwordSecretID)
        let mark = rig.journal.entries.count

        let after = try await rig.editor.editIdentity("deploy", IdentityFields(password: Secret("new")))
        let new = try XCTUnwrap(after.passwordSecretID)
        XCTAssertNotEqual(new, old)
        XCTAssertEqual(
            rig.entries(after: mark),
            [.sealed(new), .applied([.stored(new, Secret("new")), .save(.identity(after)), .removeSecret(old)])])
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [new: Secret("new")])
    }

    func testEditIdentityWhoseSaveFailsKeepsTheOldPasswordAndDropsTheNewOne() async throws {
        let before = try await seedIdentity("deploy", password: "old")
        let old = try XCTUnwrap(before.passwordSecretID)
        let mark = rig.journal.entries.count
        await rig.store.failNextApply()

        await assertThrows(InMemoryVaultStore.injectedFailure) {
            try await rig.editor.editIdentity("deploy", IdentityFields(password: Secret("new")))
        }
        let entries = rig.entries(after: mark)
        guard entries.count == 2, case .sealed = entries[0], case .refused = entries[1] else {
            return XCTFail("expected a seal and a refused save that would have stored it; got \(entries)")
        }
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [old: Secret("old")])
        let stored = await rig.store.snapshot().identity("deploy")
        XCTAssertEqual(stored, before)
    }

    func testClearPasswordUnbindsItAndRemovesTheSecretInTheSameSave() async throws {
        let before = try await seedIdentity("deploy", password: "old")
        let old = try XCTUnwrap(before.passwordSecretID)
        let mark = rig.journal.entries.count

        let after = try await rig.editor.editIdentity("deploy", IdentityFields(clearPassword: true))
        XCTAssertNil(after.passwordSecretID)
        XCTAssertEqual(rig.entries(after: mark), [.applied([.save(.identity(after)), .removeSecret(old)])])
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [:])
    }

    func testClearPasswordWhoseSaveFailsKeepsThePassword() async throws {
        let before = try await seedIdentity("deploy", password: "old")
        await rig.store.failNextApply()
        await assertThrows(InMemoryVaultStore.injectedFailure) {
            try await rig.editor.editIdentity("deploy", IdentityFields(clearPassword: true))
        }
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [before.passwordSecretID!: Secret("old")])
        let stored = await rig.store.snapshot().identity("deploy")
        XCTAssertEqual(stored, before)
    }

    func testEditIdentityChangesOnlyTheGivenFields() async throws {
        let before = try await seedIdentity("deploy", password: "pw")
        let renamedUser = try await rig.editor.editIdentity("deploy", IdentityFields(username: "deployer"))
        XCTAssertEqual(renamedUser.username, "deployer")
        XCTAssertEqual(renamedUser.keyID, key.id)
        XCTAssertEqual(renamedUser.passwordSecretID, before.passwordSecretID)

        let unboundKey = try await rig.editor.editIdentity("deploy", IdentityFields(key: ""))
        XCTAssertNil(unboundKey.keyID)
        XCTAssertEqual(unboundKey.username, "deployer")
        XCTAssertEqual(unboundKey.passwordSecretID, before.passwordSecretID)

        await assertThrows(VaultRuleViolation.emptyUsername) {
            try await rig.editor.editIdentity("deploy", IdentityFields(username: " "))
        }
    }

    func testRenameIdentityKeepsItsIDAndTheHostsBoundToIt() async throws {
        let before = try await seedIdentity("deploy", password: nil)
        _ = try await seedHost("web", identity: before)
        let renamed = try await rig.editor.editIdentity("deploy", IdentityFields(), newLabel: "deployer")
        XCTAssertEqual(renamed.id, before.id)
        let stored = await rig.store.snapshot()
        XCTAssertNil(stored.identity("deploy"))
        XCTAssertEqual(stored.hostsUsing(identityID: before.id), ["web"])
    }

    // MARK: remove

    func testRemoveIdentityInUseIsRefusedAndNamesTheHosts() async throws {
        let deploy = try await seedIdentity("deploy", password: "pw")
        _ = try await seedHost("web", identity: deploy)
        _ = try await seedHost("db", identity: deploy)
        let mark = rig.journal.entries.count
        await assertThrows(
            VaultRuleViolation.recordInUse(kind: .identity, label: "deploy", usedBy: ["Host 'db'", "Host 'web'"])
        ) {
            try await rig.editor.removeIdentity("deploy")
        }
        XCTAssertEqual(rig.entries(after: mark), [])
    }

    func testForcedRemoveIdentityUnbindsHostsAndRemovesThePasswordInTheSameApply() async throws {
        let deploy = try await seedIdentity("deploy", password: "pw")
        let web = try await seedHost("web", identity: deploy)
        let mark = rig.journal.entries.count

        try await rig.editor.removeIdentity("deploy", force: true)
        var unbound = web
        unbound.identityID = nil
        XCTAssertEqual(
            rig.entries(after: mark),
            [.applied([.save(.host(unbound)), .remove(.identity, id: deploy.id), .removeSecret(deploy.passwordSecretID!)])])
        let stored = await rig.store.snapshot()
        XCTAssertEqual(stored.identities, [])
        XCTAssertEqual(stored.host("web"), unbound)
        let secrets = await rig.secrets.stored
        XCTAssertEqual(secrets, [:])
    }

    func testRemoveIdentityWithoutAPasswordRemovesNoSecret() async throws {
        let deploy = try await seedIdentity("deploy", password: nil)
        let mark = rig.journal.entries.count
        try await rig.editor.removeIdentity("deploy")
        XCTAssertEqual(rig.entries(after: mark), [.applied([.remove(.identity, id: deploy.id)])])
    }
}
