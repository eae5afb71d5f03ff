import Foundation
import TermindTestSupport
import XCTest

/// Records whose text came from elsewhere (a known_hosts comment as imported, a host name
/// someone typed with a control in it): on a terminal their controls show as escapes, in
/// listings and in error messages alike.
final class UntrustedRecordsEndToEndTests: XCTestCase {
    private var home: VaultHome!

    override func setUpWithError() throws { home = try VaultHome() }
    override func tearDown() { home = nil }

    func testAKnownHostsCommentWithControlsShowsEscapedOnATerminal() throws {
        let keys = try TemporaryDirectory(prefix: "termind-untrusted-key")
        let made = try ChildProcess.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", keys.path + "/key"])
        XCTAssertEqual(made.status, 0, made.stderr)
        let key = try String(contentsOfFile: keys.path + "/key.pub", encoding: .utf8).split(separator: " ")[1]
        try home.succeed(["known-hosts", "add", "evil.example", "ssh-ed25519", String(key), "--comment", "c\u{1B}]0;PWNED\u{07}x"])

        let (status, bytes) = try home.runOnTerminal(["known-hosts", "show", "evil.example"])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 0, text)
        assertNoTerminalControl(bytes)
        XCTAssertTrue(text.contains(#"comment:     c\033]0;PWNED\007x"#), text.debugDescription)
    }

    func testAnErrorQuotingAControlShowsItEscapedOnATerminal() throws {
        let (status, bytes) = try home.runOnTerminal(["hosts", "add", "weird", "--hostname", "h\u{1B}[2Jx"])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertNotEqual(status, 0, text)
        assertNoTerminalControl(bytes)
        XCTAssertTrue(text.contains(#"'h\033[2Jx' is not a valid hostname"#), text.debugDescription)
    }
}
