import TermindCrypto
import XCTest

final class CryptoErrorTests: XCTestCase {
    func testDescriptionSaysWhatFailedAndWhy() {
        let error = CryptoError(reason: .invalidKeySize(expected: 32, actual: 16), operation: "AES-256-GCM seal")
        XCTAssertEqual(error.description, "AES-256-GCM seal failed: key is 16 bytes, expected 32")
    }

    func testLibraryFailureCarriesOpenSSLMessage() {
        XCTAssertThrowsError(
            try Scrypt.deriveKey(passphrase: [], salt: [], n: 1 << 20, r: 8, p: 1, length: 16)
        ) { error in
            guard let error = error as? CryptoError else { return XCTFail("\(error)") }
            let message = error.libraryMessage ?? ""
            XCTAssertTrue(message.contains("memory limit exceeded"), "OpenSSL's own text, got \(message)")
            XCTAssertTrue(error.description.contains(message))
        }
    }

    func testAuthenticationFailureIsNamed() {
        let error = CryptoError(reason: .authenticationFailure, operation: "AES-256-GCM open")
        XCTAssertTrue(error.isAuthenticationFailure)
        XCTAssertTrue(error.description.contains("authentication failed"))
    }
}
