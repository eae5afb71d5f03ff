import TermindDomain

import XCTest
@testable import TermindPresentation

/// The cursor moves `FrameWriter` picks, one move at a time.
final class ScreenRendererCursorMoveTests: XCTestCase {
    private var writer = FrameWriter()

    override func setUp() {
        writer.begin(width: 80, height: 24, prefix: [])
    }

    /// The bytes of one move from wherever the cursor is.
    private func move(toColumn column: Int, row: Int, gap: ArraySlice<TerminalCell>? = nil) -> String {
        let before = writer.bytes.count
        writer.moveCursor(toColumn: column, row: row, gap: gap)
        return visible(Array(writer.bytes[before...]))
    }

    func testEachMoveIsTheShortestThatWorksFromWhereTheCursorIs() {
        XCTAssertEqual(move(toColumn: 10, row: 5), "⎋[6;11H", "unknown position: absolute")
        XCTAssertEqual(move(toColumn: 10, row: 5), "", "already there")
        XCTAssertEqual(move(toColumn: 0, row: 5), "\r")
        XCTAssertEqual(move(toColumn: 0, row: 6), "\r\n")
        XCTAssertEqual(move(toColumn: 3, row: 7), "⎋[8;4H", "CR LF CUF 3 is no shorter")
        XCTAssertEqual(move(toColumn: 4, row: 7), "⎋[C")
        XCTAssertEqual(move(toColumn: 3, row: 7), "\u{08}")
        XCTAssertEqual(move(toColumn: 60, row: 7), "⎋[61G", "CUF 57 is as long")
        XCTAssertEqual(move(toColumn: 63, row: 7), "⎋[3C")
        XCTAssertEqual(move(toColumn: 2, row: 7), "⎋[3G")
        XCTAssertEqual(move(toColumn: 2, row: 3), "⎋[4A")
        XCTAssertEqual(move(toColumn: 2, row: 20), "⎋[17B")
        XCTAssertEqual(move(toColumn: 0, row: 0), "⎋[H")
        XCTAssertEqual(move(toColumn: 0, row: 12), "⎋[13H")
    }

    func testAShortGapInThePenIsWrittenAgainWhenThatIsShorter() {
        _ = move(toColumn: 0, row: 0)
        writer.setPen(.plain)
        XCTAssertEqual(move(toColumn: 2, row: 0, gap: [TerminalCell(text: "a"), TerminalCell(text: "b")]), "ab")
        XCTAssertEqual(move(toColumn: 3, row: 0, gap: [TerminalCell(text: "漢", width: 2)]), "⎋[C", "three bytes either way: the move")
    }

    func testAfterTheLastColumnOnlyAbsoluteMovesAndCarriageReturnAreUsed() {
        _ = move(toColumn: 78, row: 3)
        writer.write(TerminalCell(text: "a"), style: .plain)
        writer.write(TerminalCell(text: "b"), style: .plain)
        XCTAssertTrue(writer.pendingWrap)

        // The next character would wrap first; terminals disagree on where relative moves go.
        XCTAssertEqual(move(toColumn: 78, row: 3), "⎋[79G", "not BS")
        writer.write(TerminalCell(text: "a"), style: .plain)
        writer.write(TerminalCell(text: "b"), style: .plain)
        XCTAssertEqual(move(toColumn: 79, row: 3), "⎋[80G")
        writer.write(TerminalCell(text: "b"), style: .plain)
        XCTAssertEqual(move(toColumn: 79, row: 2), "⎋[3;80H")
        writer.write(TerminalCell(text: "b"), style: .plain)
        XCTAssertEqual(move(toColumn: 0, row: 3), "\r\n")
    }
}
