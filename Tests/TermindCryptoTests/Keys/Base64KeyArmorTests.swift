@testable import TermindCrypto
import XCTest

/// The strict base64 behind PEM key armour: RFC 4648 §10's vectors, line breaks skipped, and
/// every kind of damage refused rather than read as a shorter key.
final class Base64KeyArmorTests: XCTestCase {
    private let vectors = [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
                           ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")]

    func testEncodingMatchesRFC4648() {
        for (plain, encoded) in vectors { XCTAssertEqual(Base64.encode(ascii(plain)), encoded) }
    }

    func testDecodingMatchesRFC4648AndSkipsLineBreaks() {
        for (plain, encoded) in vectors { XCTAssertEqual(Base64.decode(Array(encoded.utf8)), ascii(plain)) }
        XCTAssertEqual(Base64.decode(Array("Zm9v\r\nYmFy\n".utf8)), ascii("foobar"))
    }

    func testTruncatedOrDamagedTextIsRefused() {
        for damaged in ["Zm9vYmF", "Zm9vY", "Zm9v!mFy", "Zg=", "Zg===", "Zg==Zm9v", "Z==="] {
            XCTAssertNil(Base64.decode(Array(damaged.utf8)), damaged)
        }
    }

    func testArmourWrapsAtSeventyColumnsAsSSHKeygenDoes() throws {
        let body = [UInt8](repeating: 0xa5, count: 100)
        let text = String(decoding: PEMArmor.encode(body, label: "OPENSSH PRIVATE KEY"), as: UTF8.self)
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.first, "-----BEGIN OPENSSH PRIVATE KEY-----")
        XCTAssertEqual(lines.last, "-----END OPENSSH PRIVATE KEY-----")
        XCTAssertEqual(lines.dropFirst().dropLast().map(\.count), [70, 66])
        XCTAssertEqual(try PEMArmor.first(in: Array(text.utf8)) { _ in true }.body, body)
    }

    func testArmourWithoutEndLineSaysTheFileMayBeTruncated() {
        let text = Array("-----BEGIN OPENSSH PRIVATE KEY-----\nZm9vYmFy\n".utf8)
        XCTAssertThrowsError(try PEMArmor.first(in: text) { _ in true }) { error in
            XCTAssertEqual(
                error as? SSHKeyError,
                .malformed("the -----END OPENSSH PRIVATE KEY----- line is missing (the file may be truncated)"))
        }
    }
}
