import TermindCrypto
import XCTest

/// Public key blobs: the sizes `ssh-keygen -l` prints, and damaged or foreign blobs refused.
final class SSHPublicKeyTests: XCTestCase {
    func testFixtureBlobsParseWithTheirSizes() throws {
        let ed25519 = try SSHPublicKey(blob: KeyFixtures.blob(ofLine: KeyFixtures.encryptedEd25519PublicLine))
        XCTAssertEqual(ed25519.type, .ed25519)
        XCTAssertEqual(ed25519.bits, 256)
        let ecdsa = try SSHPublicKey(blob: KeyFixtures.blob(ofLine: KeyFixtures.ecP256PublicLine))
        XCTAssertEqual(ecdsa.type, .ecdsaP256)
        XCTAssertEqual(ecdsa.bits, 256)
    }

    func testRSABitsAreTheModulusSignificantBits() throws {
        var blob = SSHWireWriter()
        blob.writeString("ssh-rsa")
        blob.writePositiveMPInt(magnitude: [0x01, 0x00, 0x01])
        blob.writePositiveMPInt(magnitude: [0x7f] + [UInt8](repeating: 0xff, count: 255))
        XCTAssertEqual(try SSHPublicKey(blob: blob.bytes).bits, 2047)
    }

    func testTruncatedBlobIsMalformedAndNamesTheField() {
        let blob = KeyFixtures.blob(ofLine: KeyFixtures.encryptedEd25519PublicLine)
        XCTAssertThrowsError(try SSHPublicKey(blob: Array(blob.dropLast(1)))) { error in
            XCTAssertEqual(
                error as? SSHKeyError, .malformed("public key blob: ed25519 public key at byte 15: declares 32 bytes, 31 remain"))
        }
    }

    func testTrailingBytesAreMalformed() {
        let blob = KeyFixtures.blob(ofLine: KeyFixtures.encryptedEd25519PublicLine) + [0]
        XCTAssertThrowsError(try SSHPublicKey(blob: blob)) { error in
            XCTAssertEqual(error as? SSHKeyError, .malformed("public key blob: 1 unexpected bytes after the key"))
        }
    }

    func testCurveNotMatchingTheTypeIsMalformed() {
        var blob = SSHWireWriter()
        blob.writeString("ecdsa-sha2-nistp384")
        blob.writeString("nistp256")
        blob.writeString([4] + [UInt8](repeating: 1, count: 64))
        XCTAssertThrowsError(try SSHPublicKey(blob: blob.bytes)) { error in
            XCTAssertEqual(error as? SSHKeyError, .malformed("public key blob: ecdsa-sha2-nistp384 key names curve nistp256"))
        }
    }

    func testSecurityKeyAndCertificateTypesAreUnsupported() {
        for name in ["sk-ssh-ed25519@openssh.com", "ssh-ed25519-cert-v01@openssh.com", "ssh-dss"] {
            var blob = SSHWireWriter()
            blob.writeString(name)
            XCTAssertThrowsError(try SSHPublicKey(blob: blob.bytes)) { error in
                guard case .unsupported? = error as? SSHKeyError else { return XCTFail("\(name): \(error)") }
            }
        }
    }
}
