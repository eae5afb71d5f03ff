import CLibSSH2Keystream
import COpenSSL
import XCTest

/// The keystream libssh2's AES-CTR calls are served from (`CLibSSH2Keystream`), driven through
/// libcrypto's API as libssh2 drives it: `EVP_CipherInit`, then `EVP_Cipher` a block at a time.
/// Every byte must equal libcrypto's own CTR over the whole buffer.
final class LibSSH2KeystreamTests: XCTestCase {
    private var generator = SystemRandomNumberGenerator()

    private func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }

    /// libcrypto's encryption of `input` in one call (`EVP_EncryptUpdate`, never `EVP_Cipher`).
    private func reference(_ cipher: OpaquePointer?, key: [UInt8], iv: [UInt8], _ input: [UInt8], padding: Bool = true) -> [UInt8] {
        let context = EVP_CIPHER_CTX_new()
        defer { EVP_CIPHER_CTX_free(context) }
        XCTAssertEqual(EVP_EncryptInit_ex(context, cipher, nil, key, iv), 1)
        if !padding { EVP_CIPHER_CTX_set_padding(context, 0) }
        var output = [UInt8](repeating: 0, count: input.count + 32)
        var length: Int32 = 0
        XCTAssertEqual(EVP_EncryptUpdate(context, &output, &length, input, Int32(input.count)), 1)
        return Array(output[..<Int(length)])
    }

    /// `input` through `EVP_Cipher` in calls of `sizes` (cycled), as libssh2's transport does.
    private func piecewise(_ context: OpaquePointer?, _ input: [UInt8], sizes: [Int]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: input.count)
        var offset = 0, turn = 0
        while offset < input.count {
            let size = min(sizes[turn % sizes.count], input.count - offset)
            turn += 1
            let result = input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    EVP_Cipher(context, target.baseAddress! + offset, source.baseAddress! + offset, UInt32(size))
                }
            }
            XCTAssertEqual(result, Int32(size))
            offset += size
        }
        return output
    }

    /// Equal bytes, or the first offset where they differ (never the whole buffers).
    private func assertSame(_ served: [UInt8], _ expected: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let differs = zip(served, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        XCTAssertTrue(served.count == expected.count && differs == nil,
                      "\(served.count) bytes against \(expected.count), first difference at \(differs.map(String.init) ?? "none")",
                      file: file, line: line)
    }

    func testLibsshsCallsAreServedHereInThisExecutable() {
        XCTAssertEqual(termind_keystream_prepare(), 1, "the executable's EVP_Cipher is not the one libssh2 binds to")
    }

    /// The guard run at start (`SSH2Library`): with this libcrypto the keystream gives its own
    /// CTR bytes, and the test's keystreams are not counted as libssh2's.
    func testTheSelfTestPassesHereAndCountsNoRefill() {
        let before = termind_keystream_refills()
        XCTAssertEqual(termind_keystream_self_test(), 1)
        XCTAssertEqual(termind_keystream_refills(), before)
        XCTAssertEqual(termind_keystream_enabled(), 1)
    }

    func testSixteenBytesACallGiveLibcryptosCTRAcrossManyKeystreamRefills() {
        for (cipher, keyLength) in [(EVP_aes_128_ctr(), 16), (EVP_aes_256_ctr(), 32)] {
            let key = random(keyLength), iv = random(16), plain = random(100_000)
            let context = EVP_CIPHER_CTX_new()
            defer { EVP_CIPHER_CTX_free(context) }
            // libssh2 decrypts with a context initialised for decryption: CTR is the same both ways.
            XCTAssertEqual(EVP_CipherInit(context, cipher, key, iv, 0), 1)
            let before = termind_keystream_refills()
            assertSame(piecewise(context, plain, sizes: [16]), reference(cipher, key: key, iv: iv, plain))
            XCTAssertGreaterThanOrEqual(termind_keystream_refills() - before, UInt64(100_000 / 4096), "served from the keystream")
        }
    }

    func testCallsOfAnyLengthStayInStepWithTheCounter() {
        let key = random(16), iv = random(16), plain = random(70_001)
        let context = EVP_CIPHER_CTX_new()
        defer { EVP_CIPHER_CTX_free(context) }
        XCTAssertEqual(EVP_CipherInit(context, EVP_aes_128_ctr(), key, iv, 1), 1)
        assertSame(piecewise(context, plain, sizes: [16, 5, 4096, 27, 16, 9000, 1, 4080]),
            reference(EVP_aes_128_ctr(), key: key, iv: iv, plain))
    }

    func testARekeyedContextStartsFromItsNewKeyAndCounter() {
        let (firstKey, firstIV, secondKey, secondIV) = (random(16), random(16), random(16), random(16))
        let context = EVP_CIPHER_CTX_new()
        defer { EVP_CIPHER_CTX_free(context) }
        XCTAssertEqual(EVP_CipherInit(context, EVP_aes_128_ctr(), firstKey, firstIV, 1), 1)
        _ = piecewise(context, random(160), sizes: [16])  // part of a keystream left unused
        XCTAssertEqual(EVP_CipherInit(context, EVP_aes_128_ctr(), secondKey, secondIV, 1), 1)
        let plain = random(10_000)
        assertSame(piecewise(context, plain, sizes: [16]), reference(EVP_aes_128_ctr(), key: secondKey, iv: secondIV, plain))
        // A new key on the same cipher (no cipher named: libcrypto keeps the context as it is).
        let (thirdKey, thirdIV) = (random(16), random(16))
        XCTAssertEqual(EVP_CipherInit(context, nil, thirdKey, thirdIV, 1), 1)
        assertSame(piecewise(context, plain, sizes: [16]), reference(EVP_aes_128_ctr(), key: thirdKey, iv: thirdIV, plain))
    }

    func testOtherModesAndContextsWithAppDataOfTheirOwnAreLeftToLibcrypto() {
        let key = random(16), iv = random(16), plain = random(4096)
        let cbc = EVP_CIPHER_CTX_new()
        defer { EVP_CIPHER_CTX_free(cbc) }
        XCTAssertEqual(EVP_CipherInit(cbc, EVP_aes_128_cbc(), key, iv, 1), 1)
        XCTAssertNil(EVP_CIPHER_CTX_get_app_data(cbc), "CBC chains blocks: no keystream")
        assertSame(piecewise(cbc, plain, sizes: [16]), reference(EVP_aes_128_cbc(), key: key, iv: iv, plain, padding: false))

        // A context whose app data is someone else's keeps it, and libcrypto serves it.
        var mine = 42
        let ctr = EVP_CIPHER_CTX_new()
        defer { EVP_CIPHER_CTX_free(ctr) }
        XCTAssertEqual(EVP_CipherInit(ctr, EVP_aes_128_ctr(), nil, nil, 1), 1)
        withUnsafeMutablePointer(to: &mine) { pointer in
            EVP_CIPHER_CTX_set_app_data(ctr, pointer)
            XCTAssertEqual(EVP_CipherInit(ctr, nil, key, iv, 1), 1)
            assertSame(piecewise(ctr, plain, sizes: [16]), reference(EVP_aes_128_ctr(), key: key, iv: iv, plain))
            XCTAssertEqual(EVP_CIPHER_CTX_get_app_data(ctr), UnsafeMutableRawPointer(pointer))
        }
    }
}
