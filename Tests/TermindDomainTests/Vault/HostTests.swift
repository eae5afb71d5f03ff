import Foundation
import TermindDomain
import XCTest

private typealias Host = TermindDomain.Host

final class HostTests: XCTestCase {
    func testEmptyHostnameIsRejected() {
        XCTAssertViolation(try Host.checkHostname(""), .invalidHostname("", reason: "the hostname cannot be empty"))
    }

    func testLeadingDashIsRejectedSoSSHCannotReadItAsAnOption() {
        let text = "-oProxyCommand=touch /tmp/pwned"
        XCTAssertViolation(try Host.checkHostname(text), .invalidHostname(text, reason: "it cannot start with '-'"))
    }

    func testWhitespaceAndControlCharactersAreRejected() {
        for text in ["web 1", " web", "web\n", "web\t", "web\u{1B}"] {
            XCTAssertViolation(
                try Host.checkHostname(text),
                .invalidHostname(text, reason: "it cannot contain whitespace or control characters"))
        }
    }

    func testDNSNamesAndIPAddressesAsTypedAreAccepted() throws {
        for text in ["bastion.example.com", "web-1", "10.0.0.5", "::1", "2001:db8::1", "fe80::1%eth0", "[2001:db8::1]"] {
            XCTAssertNoThrow(try Host.checkHostname(text), text)
        }
    }

    func testInitChecksTheHostnameAndDefaultsToPortTwentyTwoWithNoJumps() throws {
        XCTAssertViolation(
            try Host(label: Label("web"), hostname: ""), .invalidHostname("", reason: "the hostname cannot be empty"))
        let host = try Host(label: Label("web"), hostname: "10.0.0.5")
        XCTAssertEqual(host.port, .ssh)
        XCTAssertEqual(host.jumpChain, [])
        XCTAssertNil(host.identityID)
        XCTAssertNil(host.username)
    }
}
