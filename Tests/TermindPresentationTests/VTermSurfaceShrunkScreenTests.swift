import XCTest
@testable import TermindPresentation

/// libvterm 0.1.4 keeps positions from before a resize that no longer exist after it (a top
/// margin, a saved cursor, a cursor above the rows it pushed away) and then reads and writes its
/// row tables out of bounds. The surface brings each back on screen, as xterm does.
final class VTermSurfaceShrunkScreenTests: XCTestCase {
    func testLeavingTheAlternateScreenAfterThePaneShrankPutsTheCursorOnScreen() {
        let surface = VTermSurface(rows: 10, columns: 20)
        surface.write("\u{1b}[9;1H$ vim notes\r\n\u{1b}[?1049h~\r\n~")

        surface.resize(rows: 4, columns: 20)
        surface.write("\u{1b}[?1049l$ back")

        XCTAssertEqual(surface.cursor.row, 3)
        XCTAssertEqual(surface.line(3), "$ back")
        surface.write("\r\nnext")
        XCTAssertEqual(surface.line(3), "next", "output goes on scrolling on screen")
    }

    func testRestoringACursorSavedOnATallerScreenBringsItToTheNearestCell() {
        let surface = VTermSurface(rows: 8, columns: 30)
        surface.write("\u{1b}[7;25H\u{1b}7")

        surface.resize(rows: 3, columns: 10)
        surface.write("\u{1b}8x")

        XCTAssertEqual(surface.cell(row: 2, column: 9).text, "x")
    }

    func testAScrollRegionBelowTheShrunkScreenGivesWayToTheWholeScreen() {
        let surface = VTermSurface(rows: 10, columns: 20)
        surface.write("\u{1b}[6;9r\u{1b}[6;1H")

        surface.resize(rows: 4, columns: 20)
        surface.write("\u{1b}[4;1Ha\r\nb\r\nc")

        XCTAssertEqual(surface.lines.suffix(3), ["a", "b", "c"])
        XCTAssertEqual(surface.cursor.row, 3)
    }

    func testAScrollRegionThatStillFitsIsKept() {
        let surface = VTermSurface(rows: 10, columns: 20)
        surface.write("top\u{1b}[2;3r\u{1b}[3;1H")

        surface.resize(rows: 5, columns: 20)
        surface.write("\u{1b}[3;1Ha\r\nb\r\nc")

        XCTAssertEqual(surface.lines, ["top", "b", "c", "", ""])
    }

    func testRowsPushedFromBelowTheCursorLeaveItOnTheTopRow() {
        let surface = VTermSurface(rows: 6, columns: 10)
        surface.write("\u{1b}[6;1Hstatus\u{1b}[1;1H")

        surface.resize(rows: 2, columns: 10)
        surface.write("x")

        XCTAssertEqual(surface.cursor.row, 0)
        XCTAssertEqual(surface.line(0), "x")
    }
}
