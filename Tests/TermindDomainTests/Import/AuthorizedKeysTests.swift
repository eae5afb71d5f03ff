import Foundation
import TermindDomain
import XCTest

/// `authorized_keys` read as sshd reads it: which lines authorize the key being installed.
final class AuthorizedKeysTests: XCTestCase {
    private typealias Fixture = ImportPreviewFixture
    private let blob = Fixture.blob(1)
    private var base64: String { Data(blob).base64EncodedString() }

    private func holds(_ text: String) -> Bool {
        AuthorizedKeys(Array(text.utf8)).contains(keyType: "ssh-ed25519", blob: blob)
    }

    func testAPlainLineWithOrWithoutACommentHoldsTheKey() {
        XCTAssertTrue(holds("ssh-ed25519 \(base64)\n"))
        XCTAssertTrue(holds("ssh-ed25519 \(base64) someone else's comment"), "the same blob, another comment")
    }

    func testACommentedOutKeyIsNotThere() {
        XCTAssertFalse(holds("# disabled: ssh-ed25519 \(base64) old\n"))
        XCTAssertFalse(holds("#ssh-ed25519 \(base64)\n"))
        XCTAssertFalse(holds("   \t# ssh-ed25519 \(base64)\n"), "a comment after blanks")
        XCTAssertTrue(holds("# ssh-ed25519 \(base64)\n\nssh-ed25519 \(base64)\n"), "the uncommented line counts")
    }

    func testCRLFLinesAreRead() {
        XCTAssertTrue(holds("ssh-ed25519 \(base64)\r\n"))
        XCTAssertTrue(holds("ssh-rsa AAAA\r\nssh-ed25519 \(base64) me\r\n"))
        XCTAssertFalse(holds("# ssh-ed25519 \(base64)\r\n"))
    }

    func testTabsAndLeadingBlanksSeparateFields() {
        XCTAssertTrue(holds("\t ssh-ed25519\t\(base64)\tme\n"))
    }

    func testOptionsBeforeTheTypeAreUnderstood() {
        XCTAssertTrue(holds("restrict,no-pty ssh-ed25519 \(base64)\n"))
        XCTAssertTrue(holds("command=\"echo a, b c\",from=\"10.0.0.1,10.0.0.2\" ssh-ed25519 \(base64) ops\n"),
                      "quoted values hold commas and spaces")
        XCTAssertTrue(holds("command=\"echo \\\"quoted, still\\\" here\",no-pty ssh-ed25519 \(base64)\n"), "\\\" inside quotes")
        XCTAssertTrue(holds("no-pty\tssh-ed25519 \(base64)\r\n"))
    }

    func testLinesSshdWouldSkipAuthorizeNothing() {
        XCTAssertFalse(holds("bogus-option ssh-ed25519 \(base64)\n"), "an unknown option")
        XCTAssertFalse(holds("command=\"unterminated ssh-ed25519 \(base64)\n"), "an open quote")
        XCTAssertFalse(holds("cert-authority ssh-ed25519 \(base64)\n"), "a CA line trusts certificates, not the key")
        XCTAssertFalse(holds(""))
        XCTAssertFalse(holds("\n\n  \n"))
    }

    func testAValuedOptionWithoutAValueIsSkipped() {
        XCTAssertFalse(holds("command ssh-ed25519 \(base64)\n"), "sshd reads command only as command=\"…\"")
        XCTAssertFalse(holds("no-pty,from ssh-ed25519 \(base64)\n"))
    }

    func testAFlagWithAValueIsSkipped() {
        XCTAssertFalse(holds("no-pty=1 ssh-ed25519 \(base64)\n"), "a flag takes no value")
        XCTAssertFalse(holds("restrict=\"yes\" ssh-ed25519 \(base64)\n"))
    }

    func testAValueNotInDoubleQuotesIsSkipped() {
        XCTAssertFalse(holds("command=/bin/true ssh-ed25519 \(base64)\n"), "sshd wants the value in double quotes")
        XCTAssertFalse(holds("command=\"/bin/true\"x ssh-ed25519 \(base64)\n"), "something after the closing quote")
        XCTAssertTrue(holds("COMMAND=\"\",No-Pty,no-verify-required, ssh-ed25519 \(base64)\n"),
                      "names in any case, an empty value, a comma before the key: sshd takes all of these")
    }

    func testOnlySpacesAndTabsMayComeBeforeTheKey() {
        XCTAssertFalse(holds("\u{a0}ssh-ed25519 \(base64)\n"), "sshd does not take a no-break space for a blank")
        XCTAssertFalse(holds("no-pty\u{a0}ssh-ed25519 \(base64)\n"))
        XCTAssertTrue(holds(" \t ssh-ed25519 \(base64)\n"))
    }

    func testTheTypeMustMatchAsWellAsTheBlob() {
        XCTAssertFalse(holds("ssh-rsa \(base64)\n"), "a line naming another type for the blob is skipped")
        let keys = AuthorizedKeys(Array("ssh-ed25519 \(base64)\n".utf8))
        XCTAssertFalse(keys.contains(keyType: "ssh-rsa", blob: blob), "same blob, another type")
        XCTAssertFalse(keys.contains(keyType: "ssh-ed25519", blob: Fixture.blob(2)), "another key")
    }
}
