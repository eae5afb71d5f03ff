import XCTest
@testable import TermindPresentation

/// A row knows whether the program's text went on to the next row because it reached the
/// right edge (libvterm 0.1.4 keeps no such flag), and keeps knowing it in the scrollback; line
/// numbers stay with their rows as they scroll.
final class WrappedRowTests: XCTestCase {
    func testALineLongerThanThePaneWrapsAndStillSaysSoInTheScrollback() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("0123456789abcdef\r\nnext")
        let top = surface.firstScreenLine
        XCTAssertTrue(surface.isWrapped(line: top))
        XCTAssertFalse(surface.isWrapped(line: top + 1))
        XCTAssertFalse(surface.isWrapped(line: top + 2))

        surface.write("\r\n\r\n\r\n")
        XCTAssertEqual(surface.scrollbackCount, 3)
        XCTAssertTrue(surface.isWrapped(line: surface.lineNumbers.lowerBound), "the flag went to the scrollback with its row")
        XCTAssertFalse(surface.isWrapped(line: surface.lineNumbers.lowerBound + 1))
    }

    func testARowFilledToTheEdgeThenEndedByANewlineDidNotWrap() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("0123456789\r\nabc")
        XCTAssertFalse(surface.isWrapped(line: surface.firstScreenLine))
        // Filled to the edge, output in a later read, then more text: that is a wrap.
        surface.write("\r\n0123456789")
        surface.write("X")
        XCTAssertTrue(surface.isWrapped(line: surface.firstScreenLine + 1))
    }

    func testAWideCharacterThatDoesNotFitWrapsItsRow() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("012345678漢")
        XCTAssertTrue(surface.isWrapped(line: surface.firstScreenLine))
        XCTAssertEqual(surface.line(1), "漢")
    }

    func testAClearedRowNoLongerWraps() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("0123456789abc\u{1B}[1;1H\u{1B}[2K")
        XCTAssertFalse(surface.isWrapped(line: surface.firstScreenLine))
    }

    func testARowTakenBackFromTheScrollbackKeepsItsWrap() {
        let surface = VTermSurface(rows: 2, columns: 10)
        surface.write("0123456789abc\r\nx\r\ny")
        XCTAssertEqual(surface.scrollbackCount, 2)
        surface.resize(rows: 4, columns: 10)
        XCTAssertEqual(surface.line(0), "0123456789")
        XCTAssertTrue(surface.isWrapped(line: surface.firstScreenLine))
    }

    func testLineNumbersStayWithTheirRowsWhileTheyScrollAndTheOldestAreDropped() {
        let surface = VTermSurface(rows: 3, columns: 20, scrollbackLimit: 5)
        surface.write("first")
        let first = surface.firstScreenLine
        XCTAssertEqual(VTermSurface.text(of: surface.cells(line: first)), "first")
        for number in 1...4 { surface.write("\r\nline \(number)") }
        XCTAssertEqual(surface.scrollbackCount, 2)
        XCTAssertEqual(VTermSurface.text(of: surface.cells(line: first)), "first", "still line \(first) in the scrollback")
        for number in 5...12 { surface.write("\r\nline \(number)") }
        XCTAssertEqual(surface.scrollbackCount, 5)
        XCTAssertGreaterThan(surface.lineNumbers.lowerBound, first, "the scrollback dropped it")
        XCTAssertEqual(surface.cells(line: first), [])
        XCTAssertEqual(VTermSurface.text(of: surface.cells(line: first + 12)), "line 12")
        XCTAssertEqual(surface.lineNumbers.upperBound, first + 13, "line 12 is the screen's last row")
    }
}
