import XCTest
@testable import TermindPresentation

final class VTermSurfaceTests: XCTestCase {
    // MARK: - Text and colour

    func testPlainThenRedTextReadsBackWithColoursAndCursorAfterIt() {
        let surface = VTermSurface(rows: 4, columns: 20)
        surface.write("hi\u{1b}[31mred")

        for (column, text) in ["h", "i"].enumerated() {
            let cell = surface.cell(row: 0, column: column)
            XCTAssertEqual(cell.text, text)
            XCTAssertEqual(cell.foreground, .default)
            XCTAssertEqual(cell.background, .default)
            XCTAssertEqual(cell.attributes, [])
        }
        for (offset, text) in ["r", "e", "d"].enumerated() {
            let cell = surface.cell(row: 0, column: 2 + offset)
            XCTAssertEqual(cell.text, text)
            XCTAssertEqual(cell.foreground, .indexed(1))
            XCTAssertEqual(cell.background, .default)
        }
        XCTAssertEqual(surface.cursor, TerminalCursor(row: 0, column: 5, isVisible: true))
        XCTAssertEqual(surface.line(0), "hired")
    }

    func testPaletteAndBrightColoursReadBackAsIndexes() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}[38;5;200mA\u{1b}[48;5;17mB\u{1b}[0;92;104mC")

        XCTAssertEqual(surface.cell(row: 0, column: 0).foreground, .indexed(200))
        XCTAssertEqual(surface.cell(row: 0, column: 0).background, .default)
        XCTAssertEqual(surface.cell(row: 0, column: 1).foreground, .indexed(200))
        XCTAssertEqual(surface.cell(row: 0, column: 1).background, .indexed(17))
        XCTAssertEqual(surface.cell(row: 0, column: 2).foreground, .indexed(10))
        XCTAssertEqual(surface.cell(row: 0, column: 2).background, .indexed(12))
    }

    func testTruecolourReadsBackAsRGB() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}[38;2;10;20;30mA\u{1b}[48;2;200;100;0mB")

        XCTAssertEqual(surface.cell(row: 0, column: 0).foreground, .rgb(red: 10, green: 20, blue: 30))
        XCTAssertEqual(surface.cell(row: 0, column: 0).background, .default)
        XCTAssertEqual(surface.cell(row: 0, column: 1).foreground, .rgb(red: 10, green: 20, blue: 30))
        XCTAssertEqual(surface.cell(row: 0, column: 1).background, .rgb(red: 200, green: 100, blue: 0))
    }

    func testAttributesApplyUntilSGRZeroResetsThem() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}[1;4;7mA\u{1b}[3;5;9mB\u{1b}[0mC")

        XCTAssertEqual(surface.cell(row: 0, column: 0).attributes, [.bold, .underline, .reverse])
        XCTAssertEqual(
            surface.cell(row: 0, column: 1).attributes,
            [.bold, .underline, .reverse, .italic, .blink, .strikethrough]
        )
        let reset = surface.cell(row: 0, column: 2)
        XCTAssertEqual(reset.attributes, [])
        XCTAssertEqual(reset.foreground, .default)
        XCTAssertEqual(reset.background, .default)
    }

    func testSGRZeroResetsColours() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}[31;42mA\u{1b}[mB")

        XCTAssertEqual(surface.cell(row: 0, column: 0).foreground, .indexed(1))
        XCTAssertEqual(surface.cell(row: 0, column: 0).background, .indexed(2))
        XCTAssertEqual(surface.cell(row: 0, column: 1).foreground, .default)
        XCTAssertEqual(surface.cell(row: 0, column: 1).background, .default)
    }

    func testUnderlineStylesAreDistinguished() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}[4mA\u{1b}[21mB\u{1b}[4:3mC\u{1b}[24mD")

        XCTAssertEqual(surface.cell(row: 0, column: 0).attributes, [.underline])
        XCTAssertEqual(surface.cell(row: 0, column: 1).attributes, [.doubleUnderline])
        XCTAssertEqual(surface.cell(row: 0, column: 2).attributes, [.curlyUnderline])
        XCTAssertEqual(surface.cell(row: 0, column: 3).attributes, [])
    }

    func testWideCharacterTakesTwoCellsWithAnEmptyContinuation() {
        let surface = VTermSurface(rows: 2, columns: 10)
        surface.write("漢x")

        let wide = surface.cell(row: 0, column: 0)
        XCTAssertEqual(wide.text, "漢")
        XCTAssertEqual(wide.width, 2)
        let continuation = surface.cell(row: 0, column: 1)
        XCTAssertEqual(continuation.text, "")
        XCTAssertTrue(continuation.isWideContinuation)
        XCTAssertEqual(surface.cell(row: 0, column: 2).text, "x")
        XCTAssertEqual(surface.cell(row: 0, column: 2).width, 1)
        XCTAssertEqual(surface.cursor.column, 3)
        XCTAssertEqual(surface.line(0), "漢x")
    }

    func testCombiningMarkJoinsItsBaseCharacterInOneCell() {
        let surface = VTermSurface(rows: 2, columns: 10)
        surface.write("e\u{301}x")

        let cell = surface.cell(row: 0, column: 0)
        XCTAssertEqual(Array(cell.text.unicodeScalars), ["e", "\u{301}"])
        XCTAssertEqual(cell.width, 1)
        XCTAssertEqual(surface.cell(row: 0, column: 1).text, "x")
        XCTAssertEqual(surface.cursor.column, 2)
    }

    func testEmptyCellsReadAsBlankAndLinesTrimTrailingBlanks() {
        let surface = VTermSurface(rows: 2, columns: 10)
        surface.write("a  b")

        XCTAssertEqual(surface.cell(row: 0, column: 1), .blank)
        XCTAssertEqual(surface.cell(row: 0, column: 9), .blank)
        XCTAssertEqual(surface.line(0), "a  b")
        XCTAssertEqual(surface.line(1), "")
        XCTAssertEqual(surface.cells(row: 0).count, 10)
    }

    // MARK: - Scrollback

    func testLinesPushedOffTheTopGoToScrollbackOldestFirstAndTheCapDropsTheOldest() {
        let surface = VTermSurface(rows: 3, columns: 20, scrollbackLimit: 5)
        surface.write((1...20).map { "line \($0)" }.joined(separator: "\r\n"))

        XCTAssertEqual(surface.lines, ["line 18", "line 19", "line 20"])
        XCTAssertEqual(surface.scrollbackCount, 5)
        XCTAssertEqual((0..<5).map { surface.scrollbackText($0) }, (13...17).map { "line \($0)" })
    }

    func testScrollbackKeepsColoursAndTrimsTrailingBlanks() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}[32mgreen\u{1b}[m\r\n\r\n")

        XCTAssertEqual(surface.scrollbackCount, 1)
        let row = surface.scrollbackLine(0)
        XCTAssertEqual(row.count, 5)
        XCTAssertEqual(row.map(\.text).joined(), "green")
        XCTAssertEqual(row.map(\.foreground), Array(repeating: .indexed(2), count: 5))
    }

    func testZeroScrollbackLimitKeepsNothing() {
        let surface = VTermSurface(rows: 2, columns: 10, scrollbackLimit: 0)
        surface.write("a\r\nb\r\nc\r\nd")

        XCTAssertEqual(surface.scrollbackCount, 0)
        XCTAssertEqual(surface.lines, ["c", "d"])
    }

    // MARK: - Damage

    func testWritingOneRowDamagesThatRowThenDamageIsCleared() {
        let surface = VTermSurface(rows: 5, columns: 20)
        XCTAssertEqual(surface.takeDamage(), 0..<5, "a new surface must be drawn whole")
        XCTAssertNil(surface.takeDamage())

        surface.write("\u{1b}[3;1Hx")

        let damage = surface.takeDamage()
        XCTAssertNotNil(damage)
        XCTAssertTrue(damage?.contains(2) ?? false)
        XCTAssertFalse(damage?.contains(0) ?? true)
        XCTAssertNil(surface.takeDamage())
    }

    func testScrollingDamagesTheMovedRows() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("a\r\nb\r\nc")
        _ = surface.takeDamage()

        surface.write("\r\nd")

        XCTAssertEqual(surface.takeDamage(), 0..<3)
        XCTAssertEqual(surface.lines, ["b", "c", "d"])
    }

    // MARK: - Modes, title, bell, answers

    func testOSCTwoSetsTheTitle() {
        let surface = VTermSurface(rows: 2, columns: 10)
        surface.write("\u{1b}]2;hello\u{07}")

        XCTAssertEqual(surface.title, "hello")
        XCTAssertEqual(surface.line(0), "")
    }

    func testOSCZeroSetsTheTitleAndSTTerminatesIt() {
        let surface = VTermSurface(rows: 2, columns: 10)
        surface.write("a\u{1b}]0;caf\u{e9} \u{6f22}\u{1b}\\b")

        XCTAssertEqual(surface.title, "caf\u{e9} \u{6f22}")
        XCTAssertEqual(surface.line(0), "ab")
    }

    func testAlternateScreenIsEnteredAndLeavingItRestoresThePrimaryText() {
        let surface = VTermSurface(rows: 3, columns: 20)
        surface.write("primary")

        surface.write("\u{1b}[?1049h")
        XCTAssertTrue(surface.isAlternateScreen)
        XCTAssertEqual(surface.lines, ["", "", ""])
        surface.write("alternate\r\n1\r\n2\r\n3")
        XCTAssertEqual(surface.scrollbackCount, 0, "the alternate screen must not feed scrollback")

        surface.write("\u{1b}[?1049l")
        XCTAssertFalse(surface.isAlternateScreen)
        XCTAssertEqual(surface.line(0), "primary")
        XCTAssertEqual(surface.cursor.row, 0)
        XCTAssertEqual(surface.cursor.column, 7)
    }

    func testCursorPositionQueryIsAnsweredInOutput() {
        let surface = VTermSurface(rows: 5, columns: 20)
        surface.write("ab\r\ncde\u{1b}[6n")

        XCTAssertEqual(surface.takeOutput(), Array("\u{1b}[2;4R".utf8))
        XCTAssertEqual(surface.takeOutput(), [])
        XCTAssertEqual(surface.output, [])
    }

    func testDeviceAttributesQueryIsAnswered() {
        let surface = VTermSurface(rows: 5, columns: 20)
        surface.write("\u{1b}[c")

        let answer = String(decoding: surface.takeOutput(), as: UTF8.self)
        XCTAssertTrue(answer.hasPrefix("\u{1b}[?"), "got \(answer.debugDescription)")
        XCTAssertTrue(answer.hasSuffix("c"), "got \(answer.debugDescription)")
    }

    func testBellsAreCounted() {
        let surface = VTermSurface(rows: 2, columns: 10)
        surface.write("a\u{07}b\u{07}")

        XCTAssertEqual(surface.bellCount, 2)
        XCTAssertEqual(surface.line(0), "ab")
    }

    func testCursorCanBeHiddenAndShown() {
        let surface = VTermSurface(rows: 2, columns: 10)
        surface.write("\u{1b}[?25l")
        XCTAssertFalse(surface.cursor.isVisible)

        surface.write("\u{1b}[?25h")
        XCTAssertTrue(surface.cursor.isVisible)
    }

    func testMouseModeFollowsTheRemoteRequests() {
        let surface = VTermSurface(rows: 2, columns: 10)
        XCTAssertEqual(surface.mouseMode, .none)

        surface.write("\u{1b}[?1000h")
        XCTAssertEqual(surface.mouseMode, .click)
        surface.write("\u{1b}[?1002h")
        XCTAssertEqual(surface.mouseMode, .drag)
        surface.write("\u{1b}[?1003h")
        XCTAssertEqual(surface.mouseMode, .move)
        surface.write("\u{1b}[?1003l")
        XCTAssertEqual(surface.mouseMode, .none)
    }

    // MARK: - Resize

    func testNarrowingRewrapsALineAndSendsTheTopToScrollback() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("one\r\ntwo\r\nthreefour")

        surface.resize(rows: 3, columns: 5)

        XCTAssertEqual(surface.columns, 5)
        XCTAssertEqual(surface.lines, ["two", "three", "four"])
        XCTAssertEqual(surface.scrollbackText(0), "one")
        XCTAssertEqual(surface.cells(row: 0).count, 5)
    }

    func testShrinkingPushesTopRowsToScrollbackAndGrowingBringsThemBack() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("one\r\ntwo\r\nthree")
        _ = surface.takeDamage()

        surface.resize(rows: 2, columns: 10)
        XCTAssertEqual(surface.rows, 2)
        XCTAssertEqual(surface.lines, ["two", "three"])
        XCTAssertEqual(surface.scrollbackCount, 1)
        XCTAssertEqual(surface.scrollbackText(0), "one")
        XCTAssertEqual(surface.cursor.row, 1)
        XCTAssertEqual(surface.takeDamage(), 0..<2)

        surface.resize(rows: 4, columns: 10)
        XCTAssertEqual(surface.lines, ["one", "two", "three", ""])
        XCTAssertEqual(surface.scrollbackCount, 0)
        XCTAssertEqual(surface.cursor.row, 2)
        XCTAssertEqual(surface.cursor.column, 5)
        XCTAssertEqual(surface.takeDamage(), 0..<4)
    }

    func testRowsComingBackFromScrollbackKeepWideCharactersAndColours() {
        let surface = VTermSurface(rows: 2, columns: 6)
        surface.write("\u{1b}[35m漢字\u{1b}[m\r\nb\r\nc")
        XCTAssertEqual(surface.scrollbackCount, 1)

        surface.resize(rows: 3, columns: 6)

        XCTAssertEqual(surface.lines, ["漢字", "b", "c"])
        XCTAssertEqual(surface.cell(row: 0, column: 2).text, "字")
        XCTAssertEqual(surface.cell(row: 0, column: 2).width, 2)
        XCTAssertEqual(surface.cell(row: 0, column: 2).foreground, .indexed(5))
        XCTAssertTrue(surface.cell(row: 0, column: 3).isWideContinuation)
        XCTAssertEqual(surface.cell(row: 0, column: 4), .blank)
    }

    func testRowsComingBackIntoANarrowerScreenAreRewrapped() {
        let surface = VTermSurface(rows: 2, columns: 6)
        surface.write("ab漢字\r\nb\r\nc")
        surface.resize(rows: 2, columns: 5)

        surface.resize(rows: 3, columns: 5)

        // "字" would straddle the new right edge, so it went on to a row of its own.
        XCTAssertEqual(surface.lines, ["字", "b", "c"])
        XCTAssertEqual(surface.scrollbackText(0), "ab漢")
    }
}
