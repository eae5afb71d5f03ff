import TermindCrypto
import XCTest

/// RFC 2202 (HMAC-SHA1) and RFC 4231 (HMAC-SHA256, HMAC-SHA512) test cases.
final class HMACTests: XCTestCase {
    // MARK: - RFC 2202, HMAC-SHA1

    func testSHA1Case1ShortKey() {
        assertHMAC(.sha1, key: [UInt8](repeating: 0x0b, count: 20), ascii("Hi There"),
                   "b617318655057264e28bc0b6fb378c8ef146be00")
    }

    func testSHA1Case2KeyShorterThanDigest() {
        assertHMAC(.sha1, key: ascii("Jefe"), ascii("what do ya want for nothing?"),
                   "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
    }

    func testSHA1Case3CombinedKeyAndDataBytes() {
        assertHMAC(.sha1, key: [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
                   "125d7342b9ac11cd91a39af48aa17b4f63f175d3")
    }

    func testSHA1Case4CountingKey() {
        assertHMAC(.sha1, key: Array(1...25), [UInt8](repeating: 0xcd, count: 50),
                   "4c9007f4026250c6bc8414f9bf50c86c2d7235da")
    }

    func testSHA1Case5FullDigestBeforeTruncation() {
        assertHMAC(.sha1, key: [UInt8](repeating: 0x0c, count: 20), ascii("Test With Truncation"),
                   "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04")
    }

    func testSHA1Case6KeyLongerThanBlockIsHashedFirst() {
        assertHMAC(.sha1, key: [UInt8](repeating: 0xaa, count: 80),
                   ascii("Test Using Larger Than Block-Size Key - Hash Key First"),
                   "aa4ae5e15272d00e95705637ce8a3b55ed402112")
    }

    func testSHA1Case7LongKeyAndDataLongerThanBlock() {
        assertHMAC(.sha1, key: [UInt8](repeating: 0xaa, count: 80),
                   ascii("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data"),
                   "e8e99d0f45237d786d6bbaa7965c7808bbff1a91")
    }

    // MARK: - RFC 4231, HMAC-SHA256 and HMAC-SHA512 (case 5 truncates and is left out)

    func testSHA2Case1ShortKey() {
        let key = [UInt8](repeating: 0x0b, count: 20)
        assertHMAC(.sha256, key: key, ascii("Hi There"),
                   "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        assertHMAC(.sha512, key: key, ascii("Hi There"),
                   "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
                   + "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854")
    }

    func testSHA2Case2KeyShorterThanDigest() {
        let message = ascii("what do ya want for nothing?")
        assertHMAC(.sha256, key: ascii("Jefe"), message,
                   "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        assertHMAC(.sha512, key: ascii("Jefe"), message,
                   "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                   + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737")
    }

    func testSHA2Case3CombinedKeyAndDataBytes() {
        let key = [UInt8](repeating: 0xaa, count: 20)
        let message = [UInt8](repeating: 0xdd, count: 50)
        assertHMAC(.sha256, key: key, message,
                   "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe")
        assertHMAC(.sha512, key: key, message,
                   "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
                   + "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb")
    }

    func testSHA2Case4CountingKey() {
        let key: [UInt8] = Array(1...25)
        let message = [UInt8](repeating: 0xcd, count: 50)
        assertHMAC(.sha256, key: key, message,
                   "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b")
        assertHMAC(.sha512, key: key, message,
                   "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
                   + "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd")
    }

    func testSHA2Case6KeyLongerThanBlockIsHashedFirst() {
        let key = [UInt8](repeating: 0xaa, count: 131)
        let message = ascii("Test Using Larger Than Block-Size Key - Hash Key First")
        assertHMAC(.sha256, key: key, message,
                   "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        assertHMAC(.sha512, key: key, message,
                   "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
                   + "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598")
    }

    func testSHA2Case7LongKeyAndDataLongerThanBlock() {
        let key = [UInt8](repeating: 0xaa, count: 131)
        let message = ascii(
            "This is a test using a larger than block-size key and a larger than block-size data."
                + " The key needs to be hashed before being used by the HMAC algorithm.")
        assertHMAC(.sha256, key: key, message,
                   "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2")
        assertHMAC(.sha512, key: key, message,
                   "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
                   + "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58")
    }

    // MARK: - Edges

    func testEmptyKeyAndMessageAreAcceptedNotTreatedAsMissing() {
        assertHMAC(.sha256, key: [], [],
                   "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    func testCodeLengthIsTheDigestLength() {
        for function in HashFunction.allCases {
            let code = HMAC.authenticationCode(for: ascii("m"), key: ascii("k"), digest: function)
            XCTAssertEqual(code.count, function.byteCount, "\(function)")
        }
    }

    private func assertHMAC(
        _ digest: HashFunction, key: [UInt8], _ message: [UInt8], _ expected: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(
            HMAC.authenticationCode(for: message, key: key, digest: digest).hexString, expected,
            "\(digest)", file: file, line: line)
    }
}
