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
}
