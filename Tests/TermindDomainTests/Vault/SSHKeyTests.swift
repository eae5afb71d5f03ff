import Foundation
import TermindDomain
import XCTest

final class SSHKeyTests: XCTestCase {
    private func key(_ algorithm: KeyAlgorithm, _ blob: [UInt8], comment: String) throws -> SSHKey {
        try SSHKey(
            label: Label("deploy-key"), algorithm: algorithm, bits: 256, publicKeyBlob: blob, comment: comment,
            privateKeySecretID: UUID(), isEncrypted: false)
    }

    func testPublicKeyLineIsTheAuthorizedKeysLineSSHKeygenWrites() throws {
        let key = try key(.ed25519, SSHKeyFixture.ed25519Blob, comment: "deploy@laptop")
        XCTAssertEqual(key.publicKeyLine, SSHKeyFixture.ed25519Line)
    }

    func testPublicKeyLineWithoutACommentHasNoTrailingSpace() throws {
        let key = try key(.ecdsaP256, SSHKeyFixture.ecdsaBlob, comment: "")
        XCTAssertEqual(key.publicKeyLine, "ecdsa-sha2-nistp256 \(SSHKeyFixture.ecdsaBase64)")
    }

    func testFingerprintMatchesSSHKeygen() throws {
        XCTAssertEqual(
            try key(.ed25519, SSHKeyFixture.ed25519Blob, comment: "").fingerprint.description,
            SSHKeyFixture.ed25519Fingerprint)
        XCTAssertEqual(
            try key(.ecdsaP256, SSHKeyFixture.ecdsaBlob, comment: "").fingerprint.description,
            SSHKeyFixture.ecdsaFingerprint)
    }

    func testAlgorithmsAreNamedAsOpenSSHNamesThem() {
        XCTAssertEqual(KeyAlgorithm.ed25519.rawValue, "ssh-ed25519")
        XCTAssertEqual(KeyAlgorithm.ecdsaP384.rawValue, "ecdsa-sha2-nistp384")
        XCTAssertEqual(KeyAlgorithm.ed25519.displayName, "ED25519")
        XCTAssertEqual(KeyAlgorithm.ecdsaP521.displayName, "ECDSA")
        XCTAssertEqual(KeyAlgorithm.rsa.displayName, "RSA")
    }
}
