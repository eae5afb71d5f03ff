import TermindDomain
import XCTest

/// Untrusted text is shown with everything a terminal acts on escaped, one octal escape per
/// byte, and nothing else changed.
final class TerminalSafeTextTests: XCTestCase {
    func testTheIssuesThreeNamesShowTheirControlsAsOctalEscapes() {
        XCTAssertEqual(TerminalSafeText("evil\u{1B}]0;PWNED\u{07}name").text, #"evil\033]0;PWNED\007name"#)
        XCTAssertEqual(TerminalSafeText("clear\u{1B}[2Jx").text, #"clear\033[2Jx"#)
        XCTAssertEqual(TerminalSafeText("two\nlines").text, #"two\012lines"#)
    }

    func testPrintableTextTabAndOtherUnicodeAreUnchanged() {
        for text in ["report.pdf", "a b\tc", "résumé €.txt", "日本語", "emoji 🎉", "~!@#$%^&*()_+{}|:\"<>?`-=[];',./"] {
            XCTAssertEqual(TerminalSafeText(text).text, text)
        }
    }

    func testBackslashIsDoubledSoEscapesReadOneWay() {
        XCTAssertEqual(TerminalSafeText(#"a\033b"#).text, #"a\\033b"#)
        XCTAssertNotEqual(TerminalSafeText(#"a\033b"#), TerminalSafeText("a\u{1B}b"))
    }

    func testDeleteC1AndReorderingCharactersAreEscapedAsTheirBytes() {
        XCTAssertEqual(TerminalSafeText("x\u{7F}").text, #"x\177"#)
        XCTAssertEqual(TerminalSafeText("\u{9B}2J").text, #"\302\2332J"#)
        XCTAssertEqual(TerminalSafeText("\u{9D}52;c;aGk=\u{9C}").text, #"\302\23552;c;aGk=\302\234"#)
        XCTAssertEqual(TerminalSafeText("abc\u{202E}fdp.exe").text, #"abc\342\200\256fdp.exe"#)
    }

    func testBytesThatAreNotUTF8AreEscapedOneByOne() {
        XCTAssertEqual(TerminalSafeText(bytes: [0x61, 0xFF, 0x9B, 0x62]).text, #"a\377\233b"#)
        XCTAssertEqual(TerminalSafeText(bytes: [0xC0, 0xAF]).text, #"\300\257"#)  // overlong "/"
        XCTAssertEqual(TerminalSafeText(bytes: [0xED, 0xA0, 0x80]).text, #"\355\240\200"#)  // a surrogate
        XCTAssertEqual(TerminalSafeText(bytes: [0xE6, 0xBC]).text, #"\346\274"#)  // cut short
        XCTAssertEqual(TerminalSafeText(bytes: Array("é".utf8)).text, "é")
    }

    func testKeptLineBreaksStayWhileOtherControlsAreEscaped() {
        XCTAssertEqual(TerminalSafeText("line one\nline\u{1B}[2J two\n", lineBreaks: .kept).text, "line one\nline\\033[2J two\n")
    }

    func testMessageKeepsLinesAndSingleBackslashes() {
        XCTAssertEqual(TerminalSafeText.message("termind: web:/tmp/a\\b\u{1B}]52;c;aGk=\u{07}: no such file\nhint"),
                       "termind: web:/tmp/a\\b\\033]52;c;aGk=\\007: no such file\nhint")
    }

    func testShownEscapesOnATerminalOnly() {
        XCTAssertEqual(TerminalSafeText.shown("a\u{1B}b", onTerminal: true), #"a\033b"#)
        XCTAssertEqual(TerminalSafeText.shown("a\u{1B}b", onTerminal: false), "a\u{1B}b")
    }

    func testRandomBytesNeverLeaveAControlOrReorderingCharacter() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for lineBreaks in [TerminalSafeText.LineBreaks.escaped, .kept] {
                let text = TerminalSafeText(bytes: bytes, lineBreaks: lineBreaks).text
                for scalar in text.unicodeScalars where !(lineBreaks == .kept && scalar == "\n") {
                    XCTAssertFalse(TerminalSafeText.isControl(scalar), "\(bytes) gave U+\(String(scalar.value, radix: 16))")
                }
                XCTAssertFalse(text.unicodeScalars.contains("\u{FFFD}") && !bytes.containsReplacementCharacter, "\(bytes): a byte was replaced, not escaped")
            }
        }
    }
}

private extension Array where Element == UInt8 {
    /// True when U+FFFD's own UTF-8 bytes are in the array.
    var containsReplacementCharacter: Bool {
        count >= 3 && (0..<(count - 2)).contains { self[$0] == 0xEF && self[$0 + 1] == 0xBF && self[$0 + 2] == 0xBD }
    }
}
