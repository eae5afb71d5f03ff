@testable import TermindRemoteInfrastructure
import XCTest

/// The key type is read from the blob itself, so an RSA key is `ssh-rsa` whichever signature
/// algorithm the handshake used.
final class SSH2SessionKeyBlobTests: XCTestCase {
    func testAlgorithmNameIsTheBlobsLeadingString() {
        let blob: [UInt8] = [0, 0, 0, 11] + Array("ssh-ed25519".utf8) + [0, 0, 0, 32] + Array(repeating: 7, count: 32)
        XCTAssertEqual(SSH2Session.algorithmName(ofKeyBlob: blob), "ssh-ed25519")
    }

    func testTruncatedBlobHasNoAlgorithmName() {
        XCTAssertNil(SSH2Session.algorithmName(ofKeyBlob: [0, 0, 0, 11] + Array("ssh-ed".utf8)))
        XCTAssertNil(SSH2Session.algorithmName(ofKeyBlob: [0, 0]))
        XCTAssertNil(SSH2Session.algorithmName(ofKeyBlob: [0, 0, 0, 0]))
    }

    func testPollMillisecondsRoundUpSoShortWaitsAreNotZero() {
        XCTAssertEqual(Duration.microseconds(1).pollMilliseconds, 1)
        XCTAssertEqual(Duration.milliseconds(1500).pollMilliseconds, 1500)
        XCTAssertEqual(Duration.zero.pollMilliseconds, 0)
        XCTAssertEqual(Duration.seconds(-3).pollMilliseconds, 0)
        XCTAssertEqual(Duration.seconds(10_000_000).pollMilliseconds, Int32.max)
    }
}
