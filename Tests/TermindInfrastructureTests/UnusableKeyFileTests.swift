import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import XCTest

/// Files that are not usable private keys get the right ``PrivateKeyError``, whose text says
/// why and never holds bytes of the key.
final class UnusableKeyFileTests: XCTestCase {
    private let codec = OpenSSLPrivateKeyCodec()
    private var keygen: SSHKeygen!

    override func setUpWithError() throws {
        keygen = try SSHKeygen()
    }

    override func tearDown() {
        keygen = nil
    }

    func testGarbageIsNotAPrivateKey() {
        XCTAssertThrowsError(try codec.inspect(Secret("hello, this is not a key\n"), passphrase: nil)) { error in
            XCTAssertEqual(error as? PrivateKeyError, .notAPrivateKey(detail: "no -----BEGIN ... PRIVATE KEY----- line"))
        }
        XCTAssertThrowsError(try codec.inspect(Secret(bytes: []), passphrase: nil)) { error in
            XCTAssertEqual(error as? PrivateKeyError, .notAPrivateKey(detail: "the input is empty"))
        }
    }

    func testPublicKeyLineIsRefusedWithAHint() throws {
        let path = try keygen.generate("ed25519", name: "id")
        let line = try keygen.publicLine(path)
        XCTAssertThrowsError(try codec.inspect(Secret(line), passphrase: nil)) { error in
            XCTAssertEqual(
                error as? PrivateKeyError,
                .notAPrivateKey(detail: "this is a public key line; give the private key file (the one without .pub)"))
        }
    }

    func testTruncatedOpenSSHKeysAreNotPrivateKeys() throws {
        let text = try keygen.text(try keygen.generate("ecdsa", bits: 256, name: "cut"))
        let lines = text.split(separator: "\n")
        let variants = [
            String(text.prefix(text.count / 2)),  // cut mid-file: no END line
            (lines.prefix(3) + [lines[3].prefix(21)] + [lines.last!]).joined(separator: "\n"),  // damaged base64
            (lines.prefix(3) + [lines.last!]).joined(separator: "\n"),  // valid base64, structure ends early
        ]
        for variant in variants {
            XCTAssertThrowsError(try codec.inspect(Secret(variant), passphrase: nil)) { error in
                guard case .notAPrivateKey? = error as? PrivateKeyError else { return XCTFail("\(error)") }
                self.assertShowsNoKeyBytes(error, of: text)
            }
        }
    }

    func testTruncatedPEMKeyIsNotAPrivateKey() throws {
        let text = try keygen.text(try keygen.generate("rsa", bits: 2048, format: "PEM", name: "cut.pem"))
        XCTAssertThrowsError(try codec.inspect(Secret(String(text.prefix(900))), passphrase: nil)) { error in
            XCTAssertEqual(
                error as? PrivateKeyError,
                .notAPrivateKey(detail: "the -----END RSA PRIVATE KEY----- line is missing (the file may be truncated)"))
        }
    }

    func testDSAKeysAreUnsupportedInBothFormats() throws {
        for format in [nil, "PEM"] as [String?] {
            let path = try keygen.generate("dsa", format: format, name: "dsa-\(format ?? "openssh")")
            let text = try keygen.text(path)
            XCTAssertThrowsError(try codec.inspect(try keygen.secret(path), passphrase: nil)) { error in
                guard case .unsupported(let detail)? = error as? PrivateKeyError else { return XCTFail("\(error)") }
                XCTAssertTrue(detail.contains("DSA"), detail)
                self.assertShowsNoKeyBytes(error, of: text)
            }
        }
    }

    func testWrongPassphraseErrorsShowNoKeyBytes() throws {
        for format in [nil, "PEM"] as [String?] {
            let path = try keygen.generate(
                "ecdsa", bits: 256, passphrase: "sesame", format: format, name: "enc-\(format ?? "openssh")")
            XCTAssertThrowsError(try codec.inspect(try keygen.secret(path), passphrase: Secret("guess"))) { error in
                XCTAssertEqual(error as? PrivateKeyError, .wrongPassphrase)
                XCTAssertFalse("\(error)".contains("guess"))
            }
        }
    }

    /// No 12-character run of the file's base64 body appears in the error's text.
    private func assertShowsNoKeyBytes(_ error: Error, of keyText: String, line: UInt = #line) {
        let shown = "\(error) \(String(reflecting: error))"
        let body = keyText.split(separator: "\n").filter { !$0.hasPrefix("-----") && !$0.contains(":") }.joined()
        let characters = Array(body)
        var start = 0
        while start + 12 <= characters.count {
            let run = String(characters[start..<start + 12])
            XCTAssertFalse(shown.contains(run), "error text holds key bytes: \(shown)", line: line)
            start += 6
        }
    }
}
