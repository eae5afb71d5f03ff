import TermindDomain
import XCTest
@testable import TermindPresentation

final class CellBufferTests: XCTestCase {
    func testPutTextWritesOneCellPerCharacterInTheStyleAndReturnsTheNextColumn() {
        var buffer = CellBuffer(width: 10, height: 2)
        let style = CellStyle(foreground: .indexed(2), attributes: .bold)

        let next = buffer.put("ok", column: 3, row: 1, style: style)

        XCTAssertEqual(next, 5)
        XCTAssertEqual(buffer.lines, ["", "   ok"])
        XCTAssertEqual(buffer[3, 1], TerminalCell(text: "o", foreground: .indexed(2), attributes: .bold))
        XCTAssertTrue(buffer.isChrome(column: 3, row: 1))
        XCTAssertEqual(buffer[5, 1], .blank)
        XCTAssertFalse(buffer.isChrome(column: 5, row: 1))
    }

    func testPutTextStaysInsideItsClipRectangle() {
        var buffer = CellBuffer(width: 12, height: 3)
        let clip = CellRect(column: 2, row: 1, columns: 5, rows: 1)

        let next = buffer.put("abcdefghij", column: 0, row: 1, style: .chrome, clip: clip)
        buffer.put("hidden", column: 2, row: 0, style: .chrome, clip: clip)

        XCTAssertEqual(next, 10, "the column after the text, as if unclipped")
        XCTAssertEqual(buffer.lines, ["", "  cdefg", ""])
    }

    func testTextRunningPastTheRightEdgeIsCutThere() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.put("abcdef", column: 2, row: 0, style: .chrome)
        XCTAssertEqual(buffer.lines, ["  ab"])
    }

    func testWideCharacterTakesTwoCellsAndItsContinuation() {
        var buffer = CellBuffer(width: 6, height: 1)
        let next = buffer.put("漢a", column: 1, row: 0, style: .chrome)

        XCTAssertEqual(next, 4)
        XCTAssertEqual(buffer[1, 0].text, "漢")
        XCTAssertEqual(buffer[1, 0].width, 2)
        XCTAssertTrue(buffer[2, 0].isWideContinuation)
        XCTAssertEqual(buffer[3, 0].text, "a")
        XCTAssertEqual(buffer.line(0), " 漢a")
    }

    func testWideCharacterCutByTheClipShowsAsASpaceInItsVisibleHalf() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.fill(buffer.bounds, with: "x", style: .chrome)
        let clip = CellRect(column: 0, row: 0, columns: 3, rows: 1)

        buffer.put("a漢", column: 1, row: 0, style: .chrome, clip: clip)

        XCTAssertEqual(buffer.line(0), "xa xxx")
        XCTAssertEqual(buffer[2, 0].width, 1)
        XCTAssertFalse(buffer[3, 0].isWideContinuation, "nothing written outside the clip")
    }

    func testWideCharacterWithNoRoomInTheLastColumnBecomesASpace() {
        var buffer = CellBuffer(width: 3, height: 1)
        buffer.set(TerminalCell(text: "漢", width: 2), column: 2, row: 0, isChrome: true)
        XCTAssertEqual(buffer[2, 0], .blank)
    }

    func testOverwritingEitherHalfOfAWideCharacterBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 6, height: 1)
        let red = CellStyle(background: .indexed(1))
        buffer.put("漢字", column: 0, row: 0, style: red)

        buffer.put("a", column: 0, row: 0, style: .chrome)  // first half of 漢
        buffer.put("b", column: 3, row: 0, style: .chrome)  // second half of 字

        XCTAssertEqual(buffer.line(0), "a  b")
        XCTAssertEqual(buffer[1, 0], TerminalCell(text: " ", background: .indexed(1)), "the half left behind keeps its background")
        XCTAssertEqual(buffer[2, 0], TerminalCell(text: " ", background: .indexed(1)))
        XCTAssertFalse((0..<6).contains { buffer[$0, 0].isWideContinuation }, "no half character is left")
    }

    func testWideCharacterWrittenOverTheStartOfAnotherBlanksItsSecondHalf() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.put("a漢", column: 0, row: 0, style: .chrome)  // 漢 in columns 1–2

        buffer.put("字", column: 0, row: 0, style: .chrome)  // columns 0–1

        XCTAssertEqual(buffer.line(0), "字")
        XCTAssertEqual(buffer[2, 0], .blank)
    }

    func testAContinuationCellCannotBeWrittenOnItsOwn() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.set(TerminalCell(text: ""), column: 1, row: 0, isChrome: false)
        XCTAssertEqual(buffer[1, 0], .blank)
    }

    func testControlCharactersAreDrawnAsReplacementCharacters() {
        var buffer = CellBuffer(width: 8, height: 1)
        buffer.put("a\tb\u{1B}c\u{9B}", column: 0, row: 0, style: .chrome)
        XCTAssertEqual(buffer.line(0), "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    }

    func testCombiningMarksStayInTheCellOfTheirBase() {
        var buffer = CellBuffer(width: 4, height: 1)
        let next = buffer.put("e\u{301}x", column: 0, row: 0, style: .chrome)
        XCTAssertEqual(next, 2)
        XCTAssertEqual(Array(buffer[0, 0].text.unicodeScalars), ["e", "\u{301}"])
        XCTAssertEqual(buffer[1, 0].text, "x")
    }

    func testFillPaintsTheRectangleClippedToTheBuffer() {
        var buffer = CellBuffer(width: 5, height: 3)
        let blue = CellStyle(background: .indexed(4))

        buffer.fill(CellRect(column: 3, row: 1, columns: 10, rows: 10), style: blue)

        for row in 0..<3 {
            for column in 0..<5 {
                let inside = column >= 3 && row >= 1
                XCTAssertEqual(buffer[column, row].background, inside ? .indexed(4) : .default, "\(column),\(row)")
            }
        }
    }

    func testFillWithAWideCharacterLeavesASpaceWhereOnlyHalfFits() {
        var buffer = CellBuffer(width: 5, height: 1)
        buffer.fill(buffer.bounds, with: "字", style: .chrome)
        XCTAssertEqual(buffer.line(0), "字字")
        XCTAssertEqual(buffer[4, 0], TerminalCell(text: " "))
    }

    func testCopyFromASurfaceKeepsTheRemoteColoursAndWideCharactersAndIsNotChrome() {
        let surface = VTermSurface(rows: 3, columns: 8)
        surface.write("\u{1B}[31mred\u{1B}[m 漢\r\nsecond line")
        var buffer = CellBuffer(width: 12, height: 4)
        buffer.fill(buffer.bounds, with: ".", style: .chrome)

        buffer.copy(from: surface, into: CellRect(column: 1, row: 1, columns: 6, rows: 2))

        XCTAssertEqual(buffer.lines, [
            "............",
            ".red 漢.....",
            ".second.....",
            "............",
        ])
        XCTAssertEqual(buffer[1, 1].foreground, .indexed(1))
        XCTAssertFalse(buffer.isChrome(column: 1, row: 1))
        XCTAssertEqual(buffer[5, 1].width, 2)
        XCTAssertTrue(buffer[6, 1].isWideContinuation)
        XCTAssertTrue(buffer.isChrome(column: 7, row: 1), "outside the rectangle is untouched")
    }

    func testCopyCutsAWideCharacterThatDoesNotFitTheRectangle() {
        let surface = VTermSurface(rows: 1, columns: 6)
        surface.write("ab漢")
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.fill(buffer.bounds, with: ".", style: .chrome)

        buffer.copy(from: surface, into: CellRect(column: 0, row: 0, columns: 3, rows: 1))

        XCTAssertEqual(buffer.line(0), "ab ...")
        XCTAssertFalse(buffer[3, 0].isWideContinuation)
    }

    func testScrollMovesRowsInsideTheRegionAndBlanksTheRowsComingIn() {
        var buffer = CellBuffer.with(width: 3, height: 5, lines: ["a", "b", "c", "d", "e"])
        buffer.scroll(rows: 1..<4, by: 1)
        XCTAssertEqual(buffer.lines, ["a", "c", "d", "", "e"])
        buffer.scroll(rows: 0..<5, by: -2)
        XCTAssertEqual(buffer.lines, ["", "", "a", "c", "d"])
    }
}
