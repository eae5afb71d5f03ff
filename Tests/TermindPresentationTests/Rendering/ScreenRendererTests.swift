import TermindDomain
import XCTest
@testable import TermindPresentation

final class ScreenRendererTests: XCTestCase {
    private let truecolor = TerminalCapabilities(colorDepth: .truecolor)
    private let pane = CellStyle(isChrome: false)

    // MARK: - Frames

    func testFirstFrameClearsTheScreenAndWritesOnlyTheCellsThatAreNotBlank() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer(width: 10, height: 3)
        frame.put("hi", column: 0, row: 0, style: .chrome)
        frame.put("ok", column: 3, row: 2, style: .chrome)

        let bytes = renderer.render(frame, cursor: ScreenCursor(row: 2, column: 5))

        XCTAssertFrame(bytes, "⎋[?2026h⎋[m⎋[H⎋[2Jhi⎋[3;4Hok⎋[0 q⎋[?25h⎋[?2026l")
    }

    func testAFrameEqualToTheLastOneWritesNothing() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let frame = CellBuffer.with(width: 10, height: 2, lines: ["same"])
        let cursor = ScreenCursor(row: 1, column: 0)
        _ = renderer.render(frame, cursor: cursor)

        XCTAssertEqual(renderer.render(frame, cursor: cursor), [])
    }

    func testTypingAtTheCursorWritesJustTheCharacter() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer(width: 20, height: 2)
        frame.put("$ ", column: 0, row: 0, style: pane)
        _ = renderer.render(frame, cursor: ScreenCursor(row: 0, column: 2))

        frame.put("l", column: 2, row: 0, style: pane)
        let bytes = renderer.render(frame, cursor: ScreenCursor(row: 0, column: 3))

        XCTAssertFrame(bytes, "⎋[?2026hl⎋[?2026l")
        XCTAssertEqual(renderer.lastFrameCellsWritten, 1)
    }

    func testOneChangedCellIsWrittenAloneAndTheCursorPutBack() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer.with(width: 20, height: 3, lines: ["hello world"])
        let cursor = ScreenCursor(row: 1, column: 0)
        _ = renderer.render(frame, cursor: cursor)

        frame.put("W", column: 6, row: 0, style: .chrome)
        let bytes = renderer.render(frame, cursor: cursor)

        XCTAssertFrame(bytes, "⎋[?2026h⎋[1;7HW\r\n⎋[?2026l")
    }

    // MARK: - Attributes and colours

    func testARunInOneStyleSetsItOnceAndAResetEndsIt() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer(width: 10, height: 1)
        frame.put("abcd", column: 0, row: 0, style: CellStyle(foreground: .indexed(1), attributes: .bold))
        frame.put("e", column: 4, row: 0, style: .chrome)

        let bytes = renderer.render(frame, cursor: ScreenCursor(row: 0, column: 5))

        XCTAssertFrame(bytes, "⎋[?2026h⎋[m⎋[H⎋[2J⎋[1;31mabcd⎋[me⎋[0 q⎋[?25h⎋[?2026l")
    }

    func testChangedCellsInTheLastPenReuseItAndAShortUnchangedGapIsWrittenAgainInsteadOfMoved() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let red = CellStyle(foreground: .indexed(1), attributes: .bold)
        var frame = CellBuffer(width: 10, height: 1)
        frame.put("abcd", column: 0, row: 0, style: red)
        frame.put("e", column: 4, row: 0, style: .chrome)
        let cursor = ScreenCursor(row: 0, column: 5)
        _ = renderer.render(frame, cursor: cursor)

        frame.put("B", column: 1, row: 0, style: red)
        frame.put("D", column: 3, row: 0, style: red)
        let bytes = renderer.render(frame, cursor: cursor)

        // "c" (one byte) instead of CUF (three), and the pen carried to the next frame.
        XCTAssertFrame(bytes, "⎋[?2026h\r⎋[C⎋[1;31mBcD⎋[C⎋[?2026l")
        frame.put("Z", column: 0, row: 0, style: red)
        XCTAssertFrame(renderer.render(frame, cursor: cursor), "⎋[?2026h\rZ⎋[6G⎋[?2026l")
    }

    func testRemovingAnAttributeSendsTheShorterOfItsOffCodeAndAReset() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer(width: 10, height: 1)
        frame.put("a", column: 0, row: 0, style: CellStyle(foreground: .indexed(1), attributes: [.bold, .underline]))
        frame.put("b", column: 1, row: 0, style: CellStyle(foreground: .indexed(1), attributes: .underline))
        frame.put("c", column: 2, row: 0, style: CellStyle(foreground: .indexed(2)))

        let bytes = renderer.render(frame, cursor: ScreenCursor(row: 0, column: 3))

        // 22 (bold off) beats 0;4;31; 0;32 beats 24;32.
        XCTAssertFrame(bytes, "⎋[?2026h⎋[m⎋[H⎋[2J⎋[1;4;31ma⎋[22mb⎋[0;32mc⎋[0 q⎋[?25h⎋[?2026l")
    }

    func testUnderlineStylesUseSubparametersAndSwitchWithoutTurningUnderlineOff() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer(width: 10, height: 1)
        frame.put("d", column: 0, row: 0, style: CellStyle(attributes: .doubleUnderline))
        frame.put("c", column: 1, row: 0, style: CellStyle(attributes: .curlyUnderline))
        frame.put("s", column: 2, row: 0, style: CellStyle(attributes: .underline))
        frame.put("n", column: 3, row: 0, style: .chrome)

        let bytes = renderer.render(frame, cursor: .hidden)

        XCTAssertFrame(bytes, "⎋[?2026h⎋[m⎋[H⎋[2J⎋[4:2md⎋[4:3mc⎋[4ms⎋[mn⎋[?25l⎋[?2026l")
    }

    func testPaletteAndBrightColoursUseTheirShortCodes() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer(width: 10, height: 1)
        frame.put("a", column: 0, row: 0, style: CellStyle(foreground: .indexed(3), background: .indexed(4)))
        frame.put("b", column: 1, row: 0, style: CellStyle(foreground: .indexed(11), background: .indexed(12)))
        frame.put("c", column: 2, row: 0, style: CellStyle(foreground: .indexed(100), background: .default))

        let bytes = renderer.render(frame, cursor: .hidden)

        XCTAssertFrame(bytes, "⎋[?2026h⎋[m⎋[H⎋[2J⎋[33;44ma⎋[93;104mb⎋[0;38;5;100mc⎋[?25l⎋[?2026l")
    }

    // MARK: - Cursor

    func testCursorShapeAndVisibilityAreSentOnlyWhenTheyChange() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let frame = CellBuffer(width: 10, height: 3)

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2J⎋[?25l⎋[?2026l")
        XCTAssertEqual(renderer.render(frame, cursor: .hidden), [])

        let bar = ScreenCursor(row: 1, column: 4, shape: .bar(blinking: false))
        XCTAssertFrame(renderer.render(frame, cursor: bar), "⎋[?2026h⎋[6 q⎋[2;5H⎋[?25h⎋[?2026l")
        XCTAssertEqual(renderer.render(frame, cursor: bar), [])

        var moved = bar
        moved.column = 5
        XCTAssertFrame(renderer.render(frame, cursor: moved), "⎋[?2026h⎋[C⎋[?2026l")
    }

    func testAPaneCursorIsPlacedByThePaneAndHiddenOutsideIt() {
        let pane = CellRect(column: 10, row: 2, columns: 5, rows: 3)
        XCTAssertEqual(ScreenCursor(TerminalCursor(row: 1, column: 4, isVisible: true), in: pane), ScreenCursor(row: 3, column: 14))
        XCTAssertFalse(ScreenCursor(TerminalCursor(row: 1, column: 5, isVisible: true), in: pane).isVisible)
        XCTAssertFalse(ScreenCursor(TerminalCursor(row: 0, column: 0, isVisible: false), in: pane).isVisible)
    }

    func testCursorOutsideTheScreenIsKeptOnIt() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let bytes = renderer.render(CellBuffer(width: 4, height: 2), cursor: ScreenCursor(row: 9, column: 9))
        XCTAssertFrame(bytes, "⎋[?2026h⎋[m⎋[H⎋[2J⎋[0 q⎋[2;4H⎋[?25h⎋[?2026l")
    }

    // MARK: - Full redraw

    func testInvalidateRedrawsEverythingAndSendsTheTerminalStateAgain() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let frame = CellBuffer.with(width: 10, height: 2, lines: ["hi"])
        let cursor = ScreenCursor(row: 0, column: 2)
        let first = renderer.render(frame, cursor: cursor)

        renderer.invalidate()

        XCTAssertEqual(renderer.render(frame, cursor: cursor), first)
        XCTAssertFrame(first, "⎋[?2026h⎋[m⎋[H⎋[2Jhi⎋[0 q⎋[?25h⎋[?2026l")
    }

    func testANewSizeRedrawsEverything() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        _ = renderer.render(CellBuffer.with(width: 10, height: 2, lines: ["hi"]), cursor: .hidden)

        let bytes = renderer.render(CellBuffer.with(width: 12, height: 2, lines: ["hi"]), cursor: .hidden)

        XCTAssertFrame(bytes, "⎋[?2026h⎋[m⎋[H⎋[2Jhi⎋[?25l⎋[?2026l")
    }

    func testChangingCapabilitiesRedrawsEverything() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let frame = CellBuffer.with(width: 10, height: 1, lines: ["x"], style: CellStyle(foreground: .rgb(red: 255, green: 0, blue: 0)))
        _ = renderer.render(frame, cursor: .hidden)

        renderer.capabilities = TerminalCapabilities(colorDepth: .palette256)

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2J⎋[38;5;196mx⎋[?25l⎋[?2026l")
    }

    // MARK: - Synchronized output

    func testEveryFrameIsOneBufferInsideOneSynchronizedUpdate() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer(width: 30, height: 5)
        var cursor = ScreenCursor(row: 0, column: 0)
        for step in 0..<20 {
            frame.put("step \(step)", column: step % 20, row: step % 5, style: .chrome)
            cursor.column = step % 30
            let text = visible(renderer.render(frame, cursor: cursor))
            XCTAssertTrue(text.hasPrefix("⎋[?2026h"), text)
            XCTAssertTrue(text.hasSuffix("⎋[?2026l"), text)
            XCTAssertEqual(text.components(separatedBy: "⎋[?2026").count, 3, "one begin and one end: \(text)")
        }
    }

    // MARK: - Wide characters

    func testAWideCharacterReplacedByTwoNarrowOnesWritesBothColumns() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer.with(width: 10, height: 1, lines: ["a漢b"])
        _ = renderer.render(frame, cursor: .hidden)

        frame.put("xy", column: 1, row: 0, style: .chrome)

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h\r⎋[Cxy⎋[?2026l")
    }

    func testWritingOverTheSecondHalfOfAWideCharacterRedrawsItsFirstHalfToo() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer.with(width: 10, height: 1, lines: ["a漢"])
        _ = renderer.render(frame, cursor: .hidden)

        frame.put("b", column: 2, row: 0, style: .chrome)

        // The terminal would otherwise keep half of 漢 in column 1.
        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h\r⎋[C b⎋[?2026l")
    }

    func testANarrowCharacterReplacedByAWideOneWritesItOnce() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer.with(width: 10, height: 1, lines: ["abc"])
        _ = renderer.render(frame, cursor: .hidden)

        frame.put("漢", column: 0, row: 0, style: .chrome)

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h\r漢⎋[?2026l")
        XCTAssertEqual(renderer.lastFrameCellsWritten, 1)
    }

    func testCombiningMarksAreWrittenWithTheirBase() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let frame = CellBuffer.with(width: 10, height: 1, lines: ["e\u{301}!"])
        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2Je\u{301}!⎋[?25l⎋[?2026l")
    }

    // MARK: - Erasing and scrolling

    func testALineThatGotShorterIsErasedToItsEnd() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer.with(width: 30, height: 2, lines: ["along_line_of_text"])
        _ = renderer.render(frame, cursor: ScreenCursor(row: 0, column: 18))

        frame.fill(CellRect(column: 1, row: 0, columns: 29, rows: 1), style: .chrome)

        XCTAssertFrame(renderer.render(frame, cursor: ScreenCursor(row: 0, column: 1)), "⎋[?2026h\r⎋[C⎋[K⎋[?2026l")
    }

    func testAFewChangedBlanksAreWrittenRatherThanErased() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer.with(width: 30, height: 2, lines: ["abcd"])
        _ = renderer.render(frame, cursor: .hidden)

        frame.fill(CellRect(column: 2, row: 0, columns: 2, rows: 1), style: .chrome)

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[3G  ⎋[?2026l")
    }

    func testABlankRunWithABackgroundIsErasedInThatBackground() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer(width: 20, height: 1)
        frame.fill(frame.bounds, style: CellStyle(background: .indexed(4)))

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2J⎋[44m⎋[K⎋[?25l⎋[?2026l")
    }

    func testWithoutBackgroundColorEraseColouredBlanksAreWrittenOut() {
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: .truecolor, backgroundColorErase: false))
        var frame = CellBuffer(width: 6, height: 1)
        frame.fill(frame.bounds, style: CellStyle(background: .indexed(4)))

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2J⎋[44m      ⎋[?25l⎋[?2026l")
    }

    func testBlanksWithAttributesAreWrittenNotErased() {
        // xterm erases in the background colour only: an erased cell never shows reverse or
        // underline, so a selection bar of spaces must be written out.
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer(width: 8, height: 1)
        frame.fill(frame.bounds, style: CellStyle(attributes: .reverse))

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2J⎋[7m        ⎋[?25l⎋[?2026l")
    }

    func testLinesMovedUpAWholeScreenAreScrolledAndOnlyTheNewLineWritten() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let lines = (1...7).map { "line \($0)" }
        _ = renderer.render(CellBuffer.with(width: 20, height: 6, lines: Array(lines[0..<6])), cursor: .hidden)

        let bytes = renderer.render(CellBuffer.with(width: 20, height: 6, lines: Array(lines[1..<7])), cursor: .hidden)

        XCTAssertFrame(bytes, "⎋[?2026h⎋[S\rline 7⎋[?2026l")
    }

    func testLinesMovedUpAboveAStatusLineScrollInsideARegion() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        _ = renderer.render(CellBuffer.with(width: 20, height: 6, lines: ["line 1", "line 2", "line 3", "line 4", "line 5", "status"]), cursor: .hidden)

        let bytes = renderer.render(
            CellBuffer.with(width: 20, height: 6, lines: ["line 2", "line 3", "line 4", "line 5", "line 6", "status"]),
            cursor: .hidden
        )

        XCTAssertFrame(bytes, "⎋[?2026h⎋[1;5r⎋[S⎋[r⎋[5Hline 6⎋[?2026l")
    }

    func testLinesMovedDownAreScrolledDown() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let lines = (0...6).map { "line \($0)" }
        _ = renderer.render(CellBuffer.with(width: 20, height: 6, lines: Array(lines[1...6])), cursor: .hidden)

        let bytes = renderer.render(CellBuffer.with(width: 20, height: 6, lines: Array(lines[0...5])), cursor: .hidden)

        XCTAssertFrame(bytes, "⎋[?2026h⎋[T⎋[Hline 0⎋[?2026l")
    }

    func testASingleChangedLineIsNeverScrolled() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        _ = renderer.render(CellBuffer.with(width: 10, height: 3, lines: ["a", "a", "b"]), cursor: .hidden)

        let bytes = renderer.render(CellBuffer.with(width: 10, height: 3, lines: ["a", "b", "b"]), cursor: .hidden)

        XCTAssertFrame(bytes, "⎋[?2026h⎋[2Hb⎋[?2026l")
    }

    // MARK: - Safety

    func testControlCharactersInACellNeverReachTheTerminal() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        var frame = CellBuffer(width: 10, height: 1)
        frame.set(TerminalCell(text: "\u{1B}"), column: 0, row: 0, isChrome: false)
        frame.put("a\u{9B}b", column: 1, row: 0, style: .chrome)

        let text = visible(renderer.render(frame, cursor: .hidden))

        XCTAssertEqual(text, "⎋[?2026h⎋[m⎋[H⎋[2J\u{FFFD}a\u{FFFD}b⎋[?25l⎋[?2026l")
    }
}
