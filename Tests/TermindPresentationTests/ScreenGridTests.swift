import CVTerm
@testable import TermindPresentation
import XCTest

final class ScreenGridTests: XCTestCase {
    /// Filling copies in doubling blocks: every count, odd or not, sets exactly those cells.
    func testFillSetsExactlyTheCellsAskedForWhateverTheCount() {
        var marker = VTermScreenCell()
        marker.chars.0 = 0x41
        marker.width = 1
        var blank = VTermScreenCell()
        blank.chars.0 = 0x20
        blank.fg.type = UInt8(VTERM_COLOR_DEFAULT_FG.rawValue)
        for count in [0, 1, 2, 3, 7, 64, 159, 160] {
            let cells = UnsafeMutablePointer<VTermScreenCell>.allocate(capacity: 162)
            defer { cells.deallocate() }
            cells.initialize(repeating: marker, count: 162)
            ScreenGrid.fill(cells + 1, count: count, with: blank)
            XCTAssertEqual(cells[0].chars.0, 0x41, "count \(count): the cell before was written")
            for index in 1..<(count + 1) {
                XCTAssertEqual(cells[index].chars.0, 0x20, "count \(count): cell \(index)")
                XCTAssertEqual(cells[index].fg.type, blank.fg.type, "count \(count): cell \(index)")
            }
            XCTAssertEqual(cells[count + 1].chars.0, 0x41, "count \(count): the cell after was written")
        }
    }

    /// A row filled whole again with the cell it was last filled with is cleared up to where it
    /// was written since, and its text is known to end there; another cell fills it all.
    func testARowFilledAgainWithItsBlankClearsWhatWasWrittenAndItsTextEndsThere() {
        var blank = VTermScreenCell()
        blank.width = 1
        var red = blank
        red.bg.type = UInt8(VTERM_COLOR_INDEXED.rawValue)
        red.bg.indexed.idx = 1
        let grid = ScreenGrid(rows: 2, columns: 10, fill: blank)
        let isBlank: (UnsafePointer<VTermScreenCell>) -> Bool = { $0.pointee.bg.indexed.idx == 0 && $0.pointee.chars.0 == 0 }
        XCTAssertEqual(grid.contentEnd(row: 0, isBlank: isBlank), 0)
        for column in 0..<4 {
            grid.row(0)[column].chars.0 = 0x41
        }
        grid.extend(row: 0, to: 4)
        XCTAssertEqual(grid.contentEnd(row: 0, isBlank: isBlank), 4)
        grid.fill(row: 0, from: 0, to: 10, with: blank)
        XCTAssertEqual((0..<10).map { grid.row(0)[$0].chars.0 }, Array(repeating: 0, count: 10))
        XCTAssertEqual(grid.contentEnd(row: 0, isBlank: isBlank), 0)

        grid.fill(row: 0, from: 0, to: 10, with: red)
        XCTAssertEqual((0..<10).map { grid.row(0)[$0].bg.indexed.idx }, Array(repeating: 1, count: 10))
        // Red is no blank: the text may end anywhere.
        XCTAssertEqual(grid.contentEnd(row: 0, isBlank: isBlank), 10)
        grid.fill(row: 0, from: 2, to: 5, with: blank)
        grid.fill(row: 0, from: 0, to: 10, with: red)
        XCTAssertEqual((0..<10).map { grid.row(0)[$0].bg.indexed.idx }, Array(repeating: 1, count: 10))
        // Extents travel with their rows when the grid turns.
        grid.extend(row: 1, to: 7)
        grid.rotateUp(0..<2, by: 1)
        XCTAssertEqual(grid.contentEnd(row: 0, isBlank: isBlank), 7)
    }
}
