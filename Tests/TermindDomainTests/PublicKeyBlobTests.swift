import TermindDomain
import XCTest

/// The key type is read from the blob itself, so an RSA key is `ssh-rsa` whichever signature
/// algorithm the handshake used.
final class PublicKeyBlobTests: XCTestCase {
    func testAlgorithmNameIsTheBlobsLeadingString() {
        let blob: [UInt8] = [0, 0, 0, 11] + Array("ssh-ed25519".utf8) + [0, 0, 0, 32] + Array(repeating: 7, count: 32)
        XCTAssertEqual(PublicKeyBlob.algorithmName(of: blob), "ssh-ed25519")
    }

    func testTruncatedBlobHasNoAlgorithmName() {
        XCTAssertNil(PublicKeyBlob.algorithmName(of: [0, 0, 0, 11] + Array("ssh-ed".utf8)))
        XCTAssertNil(PublicKeyBlob.algorithmName(of: [0, 0]))
        XCTAssertNil(PublicKeyBlob.algorithmName(of: [0, 0, 0, 0]))
    }
}
