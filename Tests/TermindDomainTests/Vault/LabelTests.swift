import Foundation
import TermindDomain
import XCTest

final class LabelTests: XCTestCase {
    func testLabelsPeopleTypeAreAccepted() throws {
        for text in ["web", "deploy-ed25519", "db_01.prod", "web-", "Ünïcode", "日本", String(repeating: "a", count: 64)] {
            XCTAssertEqual(try Label(text).rawValue, text)
            XCTAssertEqual(try Label(text).description, text)
        }
    }

    func testEmptyLabelIsRejected() {
        XCTAssertViolation(try Label(""), .invalidLabel("", reason: "a label cannot be empty"))
    }

    func testSixtyFiveCharactersAreOneTooMany() {
        let text = String(repeating: "a", count: 65)
        XCTAssertViolation(try Label(text), .invalidLabel(text, reason: "a label has at most 64 characters"))
    }

    func testLeadingDashIsRejectedBecauseItReadsAsAnOption() {
        XCTAssertViolation(try Label("-web"), .invalidLabel("-web", reason: "a label cannot start with '-'"))
    }

    func testWhitespaceAnywhereIsRejected() {
        for text in ["my web", " web", "web ", "web\t1", "web\n", "web\u{00A0}1"] {
            XCTAssertViolation(try Label(text), .invalidLabel(text, reason: "a label cannot contain whitespace"))
        }
    }

    func testColonIsRejectedSoHostColonPathStaysUnambiguous() {
        XCTAssertViolation(try Label("web:prod"), .invalidLabel("web:prod", reason: "a label cannot contain ':'"))
    }

    func testAtSignIsRejectedSoUserAtHostStaysUnambiguous() {
        XCTAssertViolation(try Label("deploy@web"), .invalidLabel("deploy@web", reason: "a label cannot contain '@'"))
    }

    func testControlCharactersAreRejectedAndShownEscaped() {
        XCTAssertViolation(try Label("web\u{7}"), .invalidLabel("web\u{7}", reason: #"a label cannot contain '\u{07}'"#))
        XCTAssertViolation(try Label("web\u{1B}[31m"), .invalidLabel("web\u{1B}[31m", reason: #"a label cannot contain '\u{1B}'"#))
        XCTAssertViolation(try Label("a\u{0}b"), .invalidLabel("a\u{0}b", reason: #"a label cannot contain '\0'"#))
    }

    func testEncodesAsAPlainStringAndDecodesBack() throws {
        let labels = [try Label("web"), try Label("deploy-ed25519")]
        let data = try JSONEncoder().encode(labels)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["web","deploy-ed25519"]"#)
        XCTAssertEqual(try JSONDecoder().decode([Label].self, from: data), labels)
    }

    func testDecodingAnInvalidLabelFailsWithTheRule() {
        let data = Data(#"["-web"]"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode([Label].self, from: data)) { error in
            XCTAssertEqual(
                error as? VaultRuleViolation, .invalidLabel("-web", reason: "a label cannot start with '-'"), "threw \(error)")
        }
    }

    func testLabelsSortByTheirText() throws {
        let sorted = try ["web", "bastion", "db"].map(Label.init).sorted()
        XCTAssertEqual(sorted.map(\.rawValue), ["bastion", "db", "web"])
    }
}
