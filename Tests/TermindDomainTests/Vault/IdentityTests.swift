import Foundation
import TermindDomain
import XCTest

final class IdentityTests: XCTestCase {
    func testAUsernameAloneIsAValidIdentity() throws {
        let identity = try Identity(label: Label("deploy"), username: "deploy")
        XCTAssertEqual(identity.username, "deploy")
        XCTAssertFalse(identity.hasPassword)
        XCTAssertNil(identity.passwordSecretID)
        XCTAssertNil(identity.keyID)
    }

    func testAnIdentityWithASealedPasswordSaysItHasOne() throws {
        let identity = try Identity(label: Label("deploy"), username: "deploy", passwordSecretID: UUID())
        XCTAssertTrue(identity.hasPassword)
    }

    func testEmptyUsernameIsRejected() {
        XCTAssertViolation(try Identity(label: Label("deploy"), username: ""), .emptyUsername)
    }

    func testBlankUsernameIsRejected() {
        for blank in [" ", "   ", "\t", "\n", " \r\n "] {
            XCTAssertViolation(try Identity(label: Label("deploy"), username: blank), .emptyUsername)
        }
    }
}
