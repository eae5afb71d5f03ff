import TermindRemoteInfrastructure
import XCTest

final class SSH2ErrorTests: XCTestCase {
    func testDescriptionNamesOperationEndpointLibraryMessageAndAdvice() {
        let error = SSH2Error(
            kind: .authentication, operation: "password authentication as alice",
            message: "Authentication failed (username/password)", code: -18, host: "example.org", port: 2222)
        XCTAssertEqual(
            error.description,
            "password authentication as alice with example.org:2222 failed: Authentication failed (username/password) (code -18). "
                + "Check the username and credentials, and which methods the server allows.")
    }

    func testIPv6EndpointIsBracketed() {
        let error = SSH2Error(kind: .connect, operation: "connect", message: "Connection refused", code: 111, host: "::1", port: 22)
        XCTAssertEqual(error.endpoint, "[::1]:22")
        XCTAssertTrue(error.description.contains("[::1]:22"), error.description)
    }

    func testEveryKindTellsThePersonWhatToDo() {
        for kind in SSH2Error.Kind.allCases {
            let error = SSH2Error(kind: kind, operation: "x", message: "", code: 0, host: "h", port: 1)
            XCTAssertFalse(error.advice.isEmpty, "\(kind)")
            XCTAssertTrue(error.description.hasSuffix(error.advice), error.description)
        }
    }

    func testDescriptionLeavesOutEmptyMessageAndZeroCode() {
        let error = SSH2Error(kind: .timeout, operation: "SSH handshake", message: "", code: 0, host: "h", port: 22)
        XCTAssertTrue(error.description.hasPrefix("SSH handshake with h:22 failed. "), error.description)
    }
}
