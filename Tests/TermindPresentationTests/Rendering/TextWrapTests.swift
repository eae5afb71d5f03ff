import XCTest
@testable import TermindPresentation

final class TextWrapTests: XCTestCase {
    func testAWordIsNeverCutWhenItFitsOnALine() {
        let text = "A Template named lab4 exists: pick another name or remove it first"
        let lines = TextWrap.lines(text, width: 30)
        XCTAssertEqual(lines, ["A Template named lab4 exists:", "pick another name or remove it", "first"])
        XCTAssertEqual(lines.joined(separator: " "), text, "every word whole, in order")
    }

    func testWrappingCountsDisplayColumnsAndBreaksOnlyAWordLongerThanTheLine() {
        XCTAssertEqual(TextWrap.lines("漢字 漢字漢字", width: 6), ["漢字", "漢字漢", "字"])
        XCTAssertEqual(TextWrap.lines("漢字漢字", width: 3), ["漢", "字", "漢", "字"], "a wide character is never split")
    }

    func testKeyHintsBreakBetweenHintsNotInsideOne() {
        let hints = ["↑↓ choose", "Enter puts it at the prompt", "Tab: this Host only", "Esc closes"]
        XCTAssertEqual(TextWrap.hints(hints, width: 80), ["↑↓ choose · Enter puts it at the prompt · Tab: this Host only · Esc closes"])
        XCTAssertEqual(TextWrap.hints(hints, width: 50), ["↑↓ choose · Enter puts it at the prompt", "Tab: this Host only · Esc closes"])
        XCTAssertEqual(TextWrap.hints(["a long hint here", "b"], width: 8), ["a long", "hint", "here · b"])
    }
}
