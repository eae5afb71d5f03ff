import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

/// Commit cannot half-happen: a changed file writes nothing, secrets are sealed before the one
/// save and removed when it fails, and nothing in the Vault is overwritten.
final class VaultImporterTests: XCTestCase {
    private let webConfig = """
        Host web
          HostName web.example.com
          User deploy
          IdentityFile ~/.ssh/id_ed25519
        """

    private func webRig(_ snapshot: VaultSnapshot = VaultSnapshot()) throws -> (ImportRig, ImportTestKey) {
        let rig = ImportRig(snapshot)
        let key = try ImportTestKey.generate()
        rig.add(key, as: "id_ed25519")
        rig.config(webConfig)
        return (rig, key)
    }

    func testAKeyFileChangedBetweenPreviewAndCommitWritesNothing() async throws {
        let (rig, _) = try webRig()
        let preview = try await rig.preview()
        let plan = try ImportPlan(ImportSelection(all: true), in: preview, passphrasesAvailable: false)
        let other = try ImportTestKey.generate()
        rig.add(other, as: "id_ed25519")
        await assertThrows(ImportFailure.sourceChanged(path: ImportRig.folder + "/id_ed25519")) {
            try await rig.importer.commit(plan, of: preview)
        }
        XCTAssertEqual(rig.journal.entries, [], "nothing sealed, nothing saved")
        let snapshot = await rig.store.snapshot()
        XCTAssertEqual(snapshot, VaultSnapshot())
    }

    func testAKeyFileRemovedBeforeCommitWritesNothing() async throws {
        let (rig, _) = try webRig()
        let preview = try await rig.preview()
        let plan = try ImportPlan(ImportSelection(keys: ["id_ed25519"]), in: preview, passphrasesAvailable: false)
        rig.directory[ImportRig.folder + "/id_ed25519"] = nil
        await assertThrows(ImportFailure.sourceUnreadable(path: ImportRig.folder + "/id_ed25519", reason: "no such file")) {
            try await rig.importer.commit(plan, of: preview)
        }
        XCTAssertEqual(rig.journal.entries, [])
    }

    func testASaveFailureAfterTheSecretsWereSealedLeavesNoOrphanSecret() async throws {
        let (rig, _) = try webRig()
        rig.add(try ImportTestKey.generate("ecdsa"), as: "id_ecdsa")
        await rig.store.failNextApply()
        await assertThrows(InMemoryVaultStore.injectedFailure) { try await rig.importSelection(ImportSelection(all: true)) }
        let entries = rig.journal.entries
        let sealed = entries.compactMap { if case .sealed(let id) = $0 { id } else { nil } }
        XCTAssertEqual(sealed.count, 2, "\(entries)")
        guard entries.count == 3 else { return XCTFail("sealed twice, then a refused save that would have stored both: \(entries)") }
        guard case .refused = entries[2] else { return XCTFail("the save came after sealing: \(entries)") }
        let stored = await rig.secrets.stored
        XCTAssertEqual(stored, [:], "no orphan secret")
        let snapshot = await rig.store.snapshot()
        XCTAssertEqual(snapshot, VaultSnapshot())
    }

    func testSecretsAreSealedFirstThenStoredWithTheVaultSavedOnceWithHopsBeforeTheHostsUsingThem() async throws {
        let (rig, key) = try webRig()
        rig.config(webConfig + "\n  ProxyJump bastion\nHost bastion\n  HostName gate.example.com\n")
        let report = try await rig.importSelection(ImportSelection(all: true))
        let entries = rig.journal.entries
        XCTAssertEqual(entries.map(\.description), ["sealed", "applied(5)"])
        guard case .applied(let changes) = entries[1], case .sealed(let sealed) = entries[0] else { return XCTFail() }
        // The sealed key is stored in the same apply as the records, before the Key naming it.
        guard case .storeSecret(let storedSecret) = changes[0] else { return XCTFail("\(changes)") }
        XCTAssertEqual(storedSecret.id, sealed)
        let kinds: [VaultRecordKind?] = changes.dropFirst().map { change -> VaultRecordKind? in
            if case .save(let record) = change { return record.kind }
            return nil
        }
        XCTAssertEqual(kinds, [.key, .identity, .host, .host])
        XCTAssertEqual(report.hosts.map(\.label.rawValue), ["bastion", "web"])
        let snapshot = await rig.store.snapshot()
        let web = try XCTUnwrap(snapshot.host("web"))
        XCTAssertEqual(web.jumpChain, [try XCTUnwrap(snapshot.host("bastion")).id])
        XCTAssertEqual(web.username, "deploy")
        let identity = try XCTUnwrap(snapshot.identity(id: try XCTUnwrap(web.identityID)))
        XCTAssertEqual(identity.username, "deploy")
        let stored = try XCTUnwrap(snapshot.key(id: try XCTUnwrap(identity.keyID)))
        XCTAssertEqual(stored.publicKeyBlob, key.publicBlob)
        let sealedKey = try await rig.secrets.unseal(stored.privateKeySecretID)
        XCTAssertEqual(sealedKey, Secret(bytes: key.privateKey), "the key file is sealed as it is")
    }

    func testServerAliveSettingsBecomeTheHostsKeepaliveWithinWhatAHostTakes() async throws {
        let rig = ImportRig(VaultSnapshot())
        rig.config("""
            Host quick
              HostName quick.example.com
              ServerAliveInterval 1m
              ServerAliveCountMax 5
            Host silent
              HostName silent.example.com
              ServerAliveInterval none
              ServerAliveCountMax 0
            Host plain
              HostName plain.example.com
            """)
        try await rig.importSelection(ImportSelection(all: true))
        let snapshot = await rig.store.snapshot()
        XCTAssertEqual(snapshot.host("quick")?.keepalive, try Keepalive(interval: 60, countMax: 5))
        XCTAssertEqual(snapshot.host("silent")?.keepalive, try Keepalive(interval: 0, countMax: 1), "ssh's 0 count is one here")
        XCTAssertEqual(snapshot.host("plain")?.keepalive, .standard)
    }

    func testImportingTwiceWritesNothingTheSecondTime() async throws {
        let (rig, _) = try webRig()
        rig.directory.write("web.example.com \(try ImportTestKey.generate().publicLine)\n", to: ImportRig.folder + "/known_hosts")
        try await rig.importSelection(ImportSelection(all: true))
        let afterFirst = rig.journal.entries.count
        let before = await rig.store.snapshot()
        let preview = try await rig.preview()
        XCTAssertFalse(preview.hasNewItems, "everything is existing now")
        let report = try await rig.importSelection(ImportSelection(all: true))
        XCTAssertTrue(report.isEmpty)
        XCTAssertEqual(rig.journal.entries.count, afterFirst, "nothing sealed or saved the second time")
        let after = await rig.store.snapshot()
        XCTAssertEqual(after, before)
    }

    func testAnExistingRecordIsNeverOverwritten() async throws {
        let other = try Host(label: Label("web"), hostname: "other.example.com")
        let (rig, _) = try webRig(VaultSnapshot(hosts: [other]))
        let report = try await rig.importSelection(ImportSelection(all: true))
        XCTAssertEqual(report.hosts, [])
        let snapshot = await rig.store.snapshot()
        XCTAssertEqual(snapshot.hosts, [other])
    }

    func testARecordThatAppearedInTheVaultSinceThePreviewStopsTheCommitBeforeAnythingIsSealed() async throws {
        let (rig, _) = try webRig()
        let preview = try await rig.preview()
        let plan = try ImportPlan(ImportSelection(all: true), in: preview, passphrasesAvailable: false)
        let racer = try Host(label: Label("web"), hostname: "racer.example.com")
        try await rig.store.apply([.save(.host(racer))])
        let mark = rig.journal.entries.count
        await assertThrows(ImportFailure.vaultChanged(detail: "a Host labelled 'web' now exists")) {
            try await rig.importer.commit(plan, of: preview)
        }
        XCTAssertEqual(rig.journal.entries.count, mark)
        let snapshot = await rig.store.snapshot()
        XCTAssertEqual(snapshot.hosts, [racer])
    }

    func testAnExistingKnownHostMismatchIsNeverCleared() async throws {
        let trusted = try ImportTestKey.generate()
        let record = KnownHost(pattern: "web.example.com", keyType: "ssh-ed25519", keyBlob: trusted.publicBlob)
        let rig = ImportRig(VaultSnapshot(knownHosts: [record]))
        let offered = try ImportTestKey.generate()
        rig.directory.write("web.example.com,10.0.0.5 \(offered.publicLine)\n", to: ImportRig.folder + "/known_hosts")
        let preview = try await rig.preview()
        XCTAssertEqual(preview.knownHost(1).status.name, "conflict")
        XCTAssertEqual(try ImportPlan(ImportSelection(knownHosts: true), in: preview, passphrasesAvailable: false).knownHosts, [])
        let report = try await rig.importSelection(ImportSelection(knownHosts: true))
        XCTAssertEqual(report.knownHosts, [])
        let snapshot = await rig.store.snapshot()
        XCTAssertEqual(snapshot.knownHosts, [record])
    }

    func testAKeyTheVaultCameToTrustSinceThePreviewIsNeverJoinedByAnother() async throws {
        let rig = ImportRig()
        let offered = try ImportTestKey.generate()
        rig.directory.write("web.example.com \(offered.publicLine)\n", to: ImportRig.folder + "/known_hosts")
        let preview = try await rig.preview()
        let plan = try ImportPlan(ImportSelection(knownHosts: true), in: preview, passphrasesAvailable: false)
        XCTAssertEqual(plan.knownHosts, [1])
        let trusted = KnownHost(pattern: "web.example.com", keyType: "ssh-ed25519", keyBlob: try ImportTestKey.generate().publicBlob)
        try await rig.store.apply([.save(.knownHost(trusted))])
        do {
            _ = try await rig.importer.commit(plan, of: preview)
            XCTFail("the commit went through")
        } catch let failure as ImportFailure {
            guard case .vaultChanged(let detail) = failure else { return XCTFail("\(failure)") }
            XCTAssertTrue(detail.contains("the Known Host web.example.com (/home/me/.ssh/known_hosts:1) is now conflict"), detail)
        }
        let snapshot = await rig.store.snapshot()
        XCTAssertEqual(snapshot.knownHosts, [trusted])
    }

    func testAnEncryptedKeyIsStoredStillEncryptedWhenNoPassphraseIsGiven() async throws {
        let rig = ImportRig()
        let key = try ImportTestKey.generate(passphrase: "open sesame")
        rig.add(key, as: "id_locked")
        let report = try await rig.importSelection(ImportSelection(keys: ["id_locked"]))
        let stored = try XCTUnwrap(report.keys.first)
        XCTAssertTrue(stored.isEncrypted)
        XCTAssertNil(stored.passphraseSecretID)
        XCTAssertEqual(stored.comment, "me@laptop", "the comment comes from the .pub file")
        let sealed = try await rig.secrets.unseal(stored.privateKeySecretID)
        XCTAssertEqual(sealed, Secret(bytes: key.privateKey), "still encrypted, as the file was")
    }

    func testAPassphraseIsCheckedAskedAgainWhenWrongAndStoredOnlyWhenChosen() async throws {
        let rig = ImportRig()
        rig.add(try ImportTestKey.generate(passphrase: "open sesame"), as: "id_locked")
        let answers = ScriptedPassphrases(["close sesame", "open sesame"])
        let report = try await rig.importSelection(ImportSelection(all: true), passphrases: answers, storePassphrases: true)
        XCTAssertEqual(answers.asked, 2)
        let stored = try XCTUnwrap(report.keys.first)
        let passphrase = try await rig.secrets.unseal(try XCTUnwrap(stored.passphraseSecretID))
        XCTAssertEqual(passphrase, Secret("open sesame"))

        let unstored = ImportRig()
        unstored.add(try ImportTestKey.generate(passphrase: "open sesame"), as: "id_locked")
        let kept = try await unstored.importSelection(
            ImportSelection(all: true), passphrases: ScriptedPassphrases(["open sesame"]), storePassphrases: false)
        XCTAssertNil(kept.keys.first?.passphraseSecretID)
    }

    func testThreeWrongPassphrasesWriteNothing() async throws {
        let rig = ImportRig()
        rig.add(try ImportTestKey.generate(passphrase: "open sesame"), as: "id_locked")
        let answers = ScriptedPassphrases(["a", "b", "c", "open sesame"])
        await assertThrows(
            ImportFailure.unusableKey(path: ImportRig.folder + "/id_locked", reason: PrivateKeyError.wrongPassphrase.description)
        ) {
            try await rig.importSelection(ImportSelection(all: true), passphrases: answers, storePassphrases: true)
        }
        XCTAssertEqual(answers.asked, 3)
        XCTAssertEqual(rig.journal.entries, [])
    }

    func testAnEncryptedPEMKeyIsReadWithItsPassphraseAndRefusedWithoutIt() async throws {
        let rig = ImportRig()
        let key = try ImportTestKey.generate("ecdsa", passphrase: "open sesame", pem: true)
        rig.add(key, as: "ops.pem", withPublicFile: false)
        let preview = try await rig.preview()
        XCTAssertNil(preview.key(1).publicKey)
        let plan = try ImportPlan(ImportSelection(keys: ["ops.pem"]), in: preview, passphrasesAvailable: true)
        await assertThrows(ImportFailure.passphraseRequired(path: ImportRig.folder + "/ops.pem")) {
            try await rig.importer.commit(plan, of: preview, passphrases: ScriptedPassphrases([nil]))
        }
        XCTAssertEqual(rig.journal.entries, [])
        let report = try await rig.importer.commit(plan, of: preview, passphrases: ScriptedPassphrases(["open sesame"]))
        XCTAssertEqual(report.keys.first?.publicKeyBlob, key.publicBlob)
    }

    func testAKeyOtherThanItsPubFileSaidWritesNothing() async throws {
        let rig = ImportRig()
        let key = try ImportTestKey.generate("ecdsa", passphrase: "open sesame", pem: true)
        rig.add(key, as: "ops.pem", withPublicFile: false)
        rig.directory.write(try ImportTestKey.generate().publicLine + "\n", to: ImportRig.folder + "/ops.pem.pub")
        await assertThrows(ImportFailure.keyMismatch(path: ImportRig.folder + "/ops.pem")) {
            try await rig.importSelection(ImportSelection(all: true), passphrases: ScriptedPassphrases(["open sesame"]))
        }
        XCTAssertEqual(rig.journal.entries, [])
    }
}
