import XCTest
@testable import TermindPresentation

/// Termind's own screen (`TerminalScreen` behind `VTermSurface`): scrolling by rows in a ring,
/// margins, erasing, wide characters at the edge, the alternate screen, scrollback and resize.
final class TerminalScreenTests: XCTestCase {
    // MARK: - Scrolling

    func testAScrollRegionScrollsOnlyItsRowsAndSendsNothingToScrollback() {
        let surface = VTermSurface(rows: 5, columns: 10)
        surface.write("top\r\none\r\ntwo\r\nthree\r\nbottom")
        surface.write("\u{1b}[2;4r\u{1b}[4;1H\r\nfour\r\nfive")

        XCTAssertEqual(surface.lines, ["top", "three", "four", "five", "bottom"])
        XCTAssertEqual(surface.scrollbackCount, 0, "rows leaving a region below the top are gone, not history")
    }

    func testRegionAndWholeScreenScrollsInterleavedKeepEveryRowInOrder() {
        let surface = VTermSurface(rows: 6, columns: 12, scrollbackLimit: 1_000)
        var expected = (1...6).map { "w\($0)" }
        var pushed: [String] = []
        surface.write(expected.joined(separator: "\r\n"))
        for number in 7...400 {
            if number % 3 == 0 {
                // Scroll only rows 3 to 5 up (the region's top row is lost), then back to the whole screen.
                surface.write("\u{1b}[3;5r\u{1b}[5;1H\r\nr\(number)\u{1b}[r\u{1b}[6;1H")
                expected.remove(at: 2)
                expected.insert("r\(number)", at: 4)
            } else {
                surface.write("\r\nw\(number)")
                pushed.append(expected.removeFirst())
                expected.append("w\(number)")
            }
            XCTAssertEqual(surface.lines, expected, "after \(number)")
        }
        XCTAssertEqual(surface.scrollbackCount, pushed.count)
        XCTAssertEqual((0..<surface.scrollbackCount).map { surface.scrollbackText($0) }, pushed)
    }

    func testScrollingDownAtTheTopBringsABlankRowInAndDropsTheBottomOne() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("a\r\nb\r\nc\u{1b}[H\u{1b}M")

        XCTAssertEqual(surface.lines, ["", "a", "b"])
        XCTAssertEqual(surface.scrollbackCount, 0)
    }

    func testInsertAndDeleteCharactersMoveOnlyTheRestOfTheRow() {
        let surface = VTermSurface(rows: 2, columns: 10)
        surface.write("abcdefgh\r\nsecond\u{1b}[1;3H\u{1b}[2P")
        XCTAssertEqual(surface.lines, ["abefgh", "second"])

        surface.write("\u{1b}[1;2H\u{1b}[3@")
        XCTAssertEqual(surface.lines, ["a   befgh", "second"])
    }

    func testAScrollBetweenLeftAndRightMarginsMovesOnlyTheCellsInside() {
        let surface = VTermSurface(rows: 3, columns: 8)
        surface.write("abcdefgh\r\nijklmnop\r\nqrstuvwx")
        // Margins at columns 3 to 6, then a line feed at the bottom row inside them.
        surface.write("\u{1b}[?69h\u{1b}[3;6s\u{1b}[3;3H\u{1b}D")

        XCTAssertEqual(surface.lines, ["abklmngh", "ijstuvop", "qr    wx"])
        XCTAssertEqual(surface.scrollbackCount, 0, "a scroll narrower than the screen keeps no history")
    }

    // MARK: - Erasing

    func testErasingFillsWithThePensBackground() {
        let surface = VTermSurface(rows: 3, columns: 6)
        surface.write("abcdef\r\nghijkl\u{1b}[44m\u{1b}[1;3H\u{1b}[K\u{1b}[3;1H\u{1b}[2K")

        XCTAssertEqual(surface.line(0), "ab")
        for column in 2..<6 {
            XCTAssertEqual(surface.cell(row: 0, column: column), TerminalCell(text: " ", background: .indexed(4)))
        }
        XCTAssertEqual(surface.cell(row: 0, column: 1).background, .default)
        XCTAssertEqual(surface.cells(row: 2).map(\.background), Array(repeating: .indexed(4), count: 6))
        XCTAssertEqual(surface.line(1), "ghijkl")
    }

    func testARowScrolledInTakesThePensBackground() {
        let surface = VTermSurface(rows: 2, columns: 4)
        surface.write("a\r\nb\u{1b}[41m\r\n")

        XCTAssertEqual(surface.lines, ["b", ""])
        XCTAssertEqual(surface.cells(row: 1).map(\.background), Array(repeating: .indexed(1), count: 4))
        XCTAssertEqual(surface.cells(row: 0).map(\.background), Array(repeating: .default, count: 4))
    }

    func testSelectiveEraseSparesProtectedCells() {
        let surface = VTermSurface(rows: 1, columns: 8)
        surface.write("ab\u{1b}[1\"qcd\u{1b}[0\"qef\u{1b}[?2K")

        XCTAssertEqual(surface.line(0), "  cd")
    }

    // MARK: - Wide characters

    func testAWideCharacterThatWouldCrossTheLastColumnWrapsToTheNextRow() {
        let surface = VTermSurface(rows: 2, columns: 5)
        surface.write("abcd漢")

        XCTAssertEqual(surface.lines, ["abcd", "漢"])
        XCTAssertEqual(surface.cell(row: 0, column: 4), .blank)
        XCTAssertEqual(surface.cell(row: 1, column: 0).width, 2)
        XCTAssertTrue(surface.cell(row: 1, column: 1).isWideContinuation)
    }

    func testAWideCharacterEndingAtTheLastColumnFitsOnItsRow() {
        let surface = VTermSurface(rows: 2, columns: 5)
        surface.write("abc漢")

        XCTAssertEqual(surface.lines, ["abc漢", ""])
        XCTAssertEqual(surface.cell(row: 0, column: 3).width, 2)
        XCTAssertTrue(surface.cell(row: 0, column: 4).isWideContinuation)
        XCTAssertEqual(surface.cursor.column, 3, "the cursor stays on it until the next character wraps")
    }

    func testOverwritingHalfAWideCharacterLeavesNoHalfToDraw() {
        let surface = VTermSurface(rows: 1, columns: 6)
        surface.write("漢字\u{1b}[1;4Hx")

        XCTAssertEqual(surface.cell(row: 0, column: 0).width, 2)
        XCTAssertEqual(surface.cell(row: 0, column: 2).text, "字")
        XCTAssertEqual(surface.cell(row: 0, column: 2).width, 1, "its second half was overwritten")
        XCTAssertEqual(surface.cell(row: 0, column: 3).text, "x")
    }

    // MARK: - Alternate screen

    func testTheAlternateScreenLeavesTheMainScreensCellsAndColoursAsTheyWere() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("\u{1b}[32mgreen\u{1b}[m\r\nplain")
        let before = (0..<3).map { surface.cells(row: $0) }

        surface.write("\u{1b}[?1049h\u{1b}[41mfull\r\nscreen\r\nprogram\r\nscrolls\u{1b}[2J")
        XCTAssertEqual(surface.lines, ["", "", ""])
        surface.write("\u{1b}[m\u{1b}[?1049l")

        XCTAssertEqual((0..<3).map { surface.cells(row: $0) }, before)
        XCTAssertEqual(surface.scrollbackCount, 0)
        surface.write("\u{1b}[?1049h")
        XCTAssertEqual(surface.lines, ["", "", ""], "a program finds the alternate screen empty each time")
    }

    // MARK: - Scrollback

    func testOnlyAFullWidthScrollAtTheTopOfTheMainScreenFeedsScrollback() {
        let surface = VTermSurface(rows: 4, columns: 6)
        surface.write("1\r\n2\r\n3\r\n4")
        surface.write("\u{1b}[2;4r\u{1b}[4;1H\r\n")  // region below the top
        surface.write("\u{1b}[?69h\u{1b}[1;3s\u{1b}[1;4r\u{1b}[4;1H\u{1b}D\u{1b}[s\u{1b}[?69l")  // narrower than the screen
        surface.write("\u{1b}[?1049h\u{1b}[r\u{1b}[4;1H\r\n\r\n\u{1b}[?1049l")  // the alternate screen
        XCTAssertEqual(surface.scrollbackCount, 0)
        XCTAssertEqual(surface.lines, ["3", "4", "", ""], "2 left the region, 1 the narrow scroll")

        surface.write("\u{1b}[r\u{1b}[4;1H\r\nX")
        XCTAssertEqual(surface.scrollbackCount, 1)
        XCTAssertEqual(surface.scrollbackText(0), "3")
        // libvterm (and xterm) keep what scrolls off a region that starts at the top, too.
        surface.write("\u{1b}[1;3r\u{1b}[3;1H\r\n")
        XCTAssertEqual(surface.scrollbackCount, 2)
    }

    func testScrollingMoreRowsThanTheScreenHasErasesItWithoutScrollback() {
        let surface = VTermSurface(rows: 3, columns: 6)
        surface.write("a\r\nb\r\nc\u{1b}[5S")

        XCTAssertEqual(surface.lines, ["", "", ""])
        XCTAssertEqual(surface.scrollbackCount, 0)
    }

    func testScrollbackUnderReverseVideoKeepsTheRowAsShown() {
        let surface = VTermSurface(rows: 2, columns: 6)
        surface.write("\u{1b}[?5hab\r\ncd\r\nef")

        XCTAssertEqual(surface.scrollbackLine(0).first?.attributes, [.reverse])
        XCTAssertEqual(surface.cell(row: 0, column: 0).attributes, [.reverse])
        surface.write("\u{1b}[?5l")
        XCTAssertEqual(surface.cell(row: 0, column: 0).attributes, [])
    }

    // MARK: - Resize

    func testResizingOnTheAlternateScreenKeepsTheMainScreenForLater() {
        let surface = VTermSurface(rows: 4, columns: 8)
        surface.write("one\r\ntwo\r\nthree\r\nfour")
        surface.write("\u{1b}[?1049hvim")

        surface.resize(rows: 2, columns: 8)
        XCTAssertEqual(surface.scrollbackCount, 0, "nothing is pushed while the alternate screen shows")
        surface.resize(rows: 3, columns: 8)
        surface.write("\u{1b}[?1049l")

        // Then fitted to its new size as a resize would: the cursor's row stays on screen.
        XCTAssertEqual(surface.lines, ["two", "three", "four"])
        XCTAssertEqual(surface.scrollbackText(0), "one")
    }

    func testWideningClearsTheNewColumnsAndNarrowingWrapsAWideCharacterAtTheEdge() {
        let surface = VTermSurface(rows: 2, columns: 6)
        surface.write("abcd漢")
        surface.resize(rows: 2, columns: 5)
        XCTAssertEqual(surface.lines, ["abcd", "漢"], "it would straddle the edge: it goes on to the next row")
        XCTAssertEqual(surface.cell(row: 1, column: 0).width, 2)

        surface.resize(rows: 2, columns: 9)
        XCTAssertEqual(surface.lines, ["abcd漢", ""])
        XCTAssertEqual(surface.cells(row: 0).count, 9)
        XCTAssertEqual(Array(surface.cells(row: 0)[6...]), Array(repeating: .blank, count: 3))
        XCTAssertEqual(surface.takeDamagedRows(), [0, 1])
    }

    // MARK: - Damage

    func testDamageNamesEachChangedRowAndNoOther() {
        let surface = VTermSurface(rows: 10, columns: 10)
        _ = surface.takeDamagedRows()

        surface.write("\u{1b}[2;1Hx\u{1b}[9;1Hy\u{1b}[5;1H")

        XCTAssertEqual(surface.takeDamagedRows(), [1, 8])
        XCTAssertEqual(surface.takeDamagedRows(), [])
        XCTAssertNil(surface.takeDamage())
    }
}
