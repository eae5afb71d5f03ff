import XCTest
@testable import TermindFuzzTargets

/// The oracle the vterm-parser target checks the parser's output against must itself refuse
/// what crashes libvterm 0.1.4, or the target would pass vacuously.
final class LibvtermLimitsTests: XCTestCase {
    private func problem(_ text: String) -> String? {
        LibvtermLimits.problem(in: Array(text.utf8))
    }

    func testRefusesWhatCrashesLibvtermAndWhatItCannotResume() {
        let ones = Array(repeating: "1", count: 17).joined(separator: ";")
        XCTAssertNotNil(problem("\u{1b}[\(ones)HX"), "17 parameters")
        XCTAssertNotNil(problem("\u{1b}[38:1:2:3:4:5:6:7:8:9:10:11:12:13:14:15:16:17mX"), "17 sub-parameters")
        XCTAssertNotNil(problem("\u{1b}[?25;1?1h"), "two private markers")
        XCTAssertNotNil(problem("\u{1b}[1094795585H"), "a value past 65535")
        XCTAssertNotNil(problem("\u{1b}[00000065536H"), "a value past 65535 behind zeros")
        XCTAssertNotNil(problem("\u{1b}]0;unfinished"), "an OSC without its end")
        XCTAssertNotNil(problem("\u{1b}]0;a\u{9}b\u{7}"), "a control inside an OSC")
        XCTAssertNotNil(problem("\u{1b}_apc\u{1b}\\"), "an APC")
        XCTAssertNotNil(problem("\u{1b}[5b"), "a REP")
        XCTAssertNotNil(problem("x\u{85}y"), "a C1 control as UTF-8")
        XCTAssertNotNil(LibvtermLimits.problem(in: [0x41, 0xE2, 0x82]), "a cut UTF-8 character")
    }

    func testAcceptsWhatLibvtermParsesSafely() {
        let sixteen = Array(repeating: "1", count: 16).joined(separator: ";")
        XCTAssertNil(problem("plain text é 日本\r\n"))
        XCTAssertNil(problem("\u{1b}[\(sixteen)H\u{1b}[?1049h\u{1b}[65535;1H\u{1b}(B\u{1b}7"))
        XCTAssertNil(problem("\u{1b}]0;title\u{7}\u{1b}]2;t\u{1b}\\\u{1b}P1$r0m\u{1b}\\"))
        XCTAssertNil(LibvtermLimits.problem(in: Array("\u{1b}]0;".utf8) + [0xFF, 0xC3] + [0x07]), "string bytes are not decoded")
    }
}
