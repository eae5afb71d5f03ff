import Foundation
import TermindDomain
import XCTest

/// Keys in the preview: their status against the Vault, duplicates, warnings, `.pub` pairing.
final class ImportPreviewKeyTests: XCTestCase {
    typealias Fixture = ImportPreviewFixture

    func testKeysAreNumberedInPathOrderAndLabelledByTheirPathInTheFolder() {
        let preview = Fixture.preview(keys: [Fixture.key("work/deploy key", seed: 2), Fixture.key("id_ed25519", seed: 1)])
        XCTAssertEqual(preview.keys.map(\.index), [1, 2])
        XCTAssertEqual(preview.keys.map(\.label), ["id_ed25519", "work/deploy-key"])
        XCTAssertEqual(preview.keys.map(\.status), [.new, .new])
    }

    func testAKeyAlreadyInTheVaultIsExistingWhateverItsLabel() {
        let stored = Fixture.vaultKey("laptop", seed: 1)
        let preview = Fixture.preview(keys: [Fixture.key("id_ed25519", seed: 1)], vault: VaultSnapshot(keys: [stored]))
        XCTAssertEqual(preview.key(1).status, .existing(label: "laptop"))
        XCTAssertEqual(preview.key(1).existingKeyID, stored.id)
    }

    func testAKeyWhoseLabelTheVaultGaveAnotherKeyConflicts() {
        let preview = Fixture.preview(
            keys: [Fixture.key("id_ed25519", seed: 1)], vault: VaultSnapshot(keys: [Fixture.vaultKey("id_ed25519", seed: 9)]))
        guard case .conflict(let reason) = preview.key(1).status else { return XCTFail("\(preview.key(1).status)") }
        XCTAssertTrue(reason.contains("another Key labelled 'id_ed25519'"), reason)
    }

    func testTheSameKeyTwiceInTheFolderIsImportedOnce() {
        let preview = Fixture.preview(keys: [Fixture.key("id_ed25519", seed: 1), Fixture.key("backup/id_ed25519", seed: 1)])
        XCTAssertEqual(preview.key(1).label, "backup/id_ed25519")
        XCTAssertEqual(preview.key(1).status, .new)
        XCTAssertEqual(
            preview.key(2).status, .cannotImport(reason: "the same key as 'backup/id_ed25519' (/home/me/.ssh/backup/id_ed25519)"))
    }

    func testAnRSAKeyCarriesTheWarningThatOpenSSHRefusesItsSignatures() {
        let preview = Fixture.preview(keys: [Fixture.key("id_rsa", seed: 1, algorithm: .rsa), Fixture.key("id_ed25519", seed: 2)])
        XCTAssertEqual(preview.keys.first { $0.label == "id_rsa" }?.warnings, [ImportPreview.rsaWarning])
        XCTAssertEqual(preview.keys.first { $0.label == "id_ed25519" }?.warnings, [])
        XCTAssertTrue(ImportPreview.rsaWarning.contains("ssh-rsa (SHA-1)"))
    }

    func testAKeyThatCannotBeReadStaysInTheListWithItsReason() {
        let preview = Fixture.preview(keys: [Fixture.key("id_dsa", seed: 1, publicKnown: false, problem: "unsupported key: ssh-dss")])
        XCTAssertEqual(preview.key(1).status, .cannotImport(reason: "unsupported key: ssh-dss"))
    }

    func testAPublicKeyFileIsThePublicHalfOfItsKeyOrListedAsAlone() throws {
        let own = try XCTUnwrap(PublicKeyLine("ssh-ed25519 \(Data(Fixture.blob(1)).base64EncodedString()) me@laptop"))
        let alone = try XCTUnwrap(PublicKeyLine("ssh-ed25519 \(Data(Fixture.blob(7)).base64EncodedString())"))
        let preview = Fixture.preview(
            keys: [Fixture.key("id_ed25519", seed: 1, encrypted: true)],
            publicKeys: [("\(Fixture.folder)/id_ed25519.pub", own), ("\(Fixture.folder)/colleague.pub", alone)])
        XCTAssertEqual(preview.key(1).publicKey?.comment, "me@laptop", "an encrypted OpenSSH key's comment comes from its .pub")
        XCTAssertEqual(preview.skipped.map(\.kind), [.publicKey, .publicKey])
        XCTAssertEqual(
            preview.skipped.map(\.reason),
            ["a public key whose private key is not in the folder", "the public half of Key 'id_ed25519'"])
    }

    func testAnEncryptedPEMKeyTakesItsPublicKeyFromThePubFileBesideIt() throws {
        let line = try XCTUnwrap(PublicKeyLine("ssh-ed25519 \(Data(Fixture.blob(3)).base64EncodedString()) ops"))
        let stored = Fixture.vaultKey("ops", seed: 3)
        let preview = Fixture.preview(
            keys: [Fixture.key("ops.pem", seed: 3, format: .pem, encrypted: true, publicKnown: false)],
            publicKeys: [("\(Fixture.folder)/ops.pem.pub", line)], vault: VaultSnapshot(keys: [stored]))
        XCTAssertEqual(preview.key(1).publicKey?.blob, Fixture.blob(3))
        XCTAssertFalse(preview.key(1).publicKeyFromKeyFile)
        XCTAssertTrue(preview.key(1).needsPassphrase)
        XCTAssertEqual(preview.key(1).status, .existing(label: "ops"), "known by its .pub, the key is found in the Vault")
    }
}
