@testable import TermindPresentation
import XCTest

/// What the pane-surface fuzz target found: a pane one column wide, and a shrink after a cursor
/// was placed below the new last row, must survive whatever the server prints.
final class VTermSurfaceNarrowPaneTests: XCTestCase {
    func testAWideCharacterOnAOneColumnPaneDoesNotCrashAndThePaneStaysUsable() {
        let surface = VTermSurface(rows: 1, columns: 1)
        surface.write(Array("日本".utf8))
        surface.write(Array("\r\nok".utf8))

        XCTAssertEqual(surface.columns, VTermSurface.minimumColumns)
        XCTAssertEqual(surface.cell(row: 0, column: 0).text, "o")
    }

    func testResizingToOneColumnKeepsTwoAndAWideCharacterIsSafe() {
        let surface = VTermSurface(rows: 5, columns: 20)
        surface.resize(rows: 5, columns: 1)
        surface.write(Array("日\r\n日".utf8))

        XCTAssertEqual(surface.columns, VTermSurface.minimumColumns)
        XCTAssertTrue((0..<surface.rows).contains(surface.cursor.row))
    }

    func testAShrinkAfterTheCursorWentBelowTheNewLastRowLeavesTheCursorOnScreen() {
        // The fuzz input: on a 33×82 pane `ESC[94H`, a space, `ESC[r`, then a resize to 21×54.
        let surface = VTermSurface(rows: 33, columns: 82)
        surface.write(Array("\u{1B}[94H \u{1B}[r".utf8))
        surface.resize(rows: 21, columns: 54)

        XCTAssertTrue((0..<21).contains(surface.cursor.row), "cursor row \(surface.cursor.row)")
        XCTAssertTrue((0...54).contains(surface.cursor.column), "cursor column \(surface.cursor.column)")
        surface.write(Array("alive".utf8))
    }
}
