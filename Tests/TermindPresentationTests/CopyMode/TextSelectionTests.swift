import XCTest
@testable import TermindPresentation

/// What a selection copies: by characters, whole lines or a block; each row's trailing blanks
/// trimmed, the rows of a wrapped line joined without a newline, a wide character once.
final class TextSelectionTests: XCTestCase {
    private func copy(_ surface: VTermSurface, from anchor: (Int, Int), to head: (Int, Int), _ kind: TextSelection.Kind) -> String {
        let top = surface.firstScreenLine
        let selection = TextSelection(
            anchor: TextPosition(line: top + anchor.0, column: anchor.1), head: TextPosition(line: top + head.0, column: head.1), kind: kind)
        return selection.text(cells: surface.cells(line:), isWrapped: surface.isWrapped(line:))
    }

    private let listing = ["total 12   ", "drwxr-xr-x  2 root  etc", "-rw-r--r--  1 root  hosts"]

    private func listingSurface() -> VTermSurface {
        let surface = VTermSurface(rows: 5, columns: 30)
        surface.write(listing.joined(separator: "\r\n"))
        return surface
    }

    func testACharacterSelectionRunsFromTheAnchorToTheCursorAsTextReads() {
        let surface = listingSurface()
        XCTAssertEqual(copy(surface, from: (1, 12), to: (2, 10), .character), "2 root  etc\n-rw-r--r--")
        XCTAssertEqual(copy(surface, from: (2, 10), to: (1, 12), .character), "2 root  etc\n-rw-r--r--", "either way round")
        XCTAssertEqual(copy(surface, from: (0, 0), to: (0, 20), .character), "total 12", "trailing blanks trimmed")
        XCTAssertEqual(copy(surface, from: (1, 0), to: (1, 0), .character), "d", "one cell")
    }

    func testALineSelectionTakesWholeLinesWithoutANewlineAfterTheLast() {
        let surface = listingSurface()
        XCTAssertEqual(copy(surface, from: (0, 7), to: (2, 3), .line), "total 12\ndrwxr-xr-x  2 root  etc\n-rw-r--r--  1 root  hosts")
        XCTAssertEqual(copy(surface, from: (2, 7), to: (2, 3), .line), "-rw-r--r--  1 root  hosts")
    }

    func testABlockSelectionTakesTheSameColumnsOfEachRow() {
        let surface = listingSurface()
        XCTAssertEqual(copy(surface, from: (1, 14), to: (2, 17), .block), "root\nroot")
        XCTAssertEqual(copy(surface, from: (0, 20), to: (2, 24), .block), "\netc\nhosts", "a row with nothing there copies empty")
    }

    func testTheRowsOfAWrappedLineAreJoinedWithoutANewline() {
        let surface = VTermSurface(rows: 5, columns: 10)
        surface.write("echo 0123456789abcd end\r\n$ ")
        XCTAssertTrue(surface.isWrapped(line: surface.firstScreenLine))
        XCTAssertEqual(copy(surface, from: (0, 0), to: (2, 9), .character), "echo 0123456789abcd end")
        XCTAssertEqual(copy(surface, from: (0, 0), to: (3, 9), .line), "echo 0123456789abcd end\n$")
        XCTAssertEqual(copy(surface, from: (0, 5), to: (1, 9), .block), "01234\nabcd", "a block keeps its rows apart")
        // A space where the row wrapped is part of the text.
        let spaced = VTermSurface(rows: 3, columns: 6)
        spaced.write("hello world")
        XCTAssertEqual(copy(spaced, from: (0, 0), to: (1, 5), .character), "hello world")
    }

    func testWrappedRowsInTheScrollbackStillJoin() {
        let surface = VTermSurface(rows: 2, columns: 10)
        surface.write("0123456789abcdefghij+\r\n\r\n\r\n")
        XCTAssertEqual(surface.scrollbackCount, 4)
        let first = surface.lineNumbers.lowerBound
        let selection = TextSelection(anchor: TextPosition(line: first, column: 0), head: TextPosition(line: first + 2, column: 5), kind: .character)
        XCTAssertEqual(selection.text(cells: surface.cells(line:), isWrapped: surface.isWrapped(line:)), "0123456789abcdefghij+")
    }

    func testAWideCharacterIsCopiedOnceFromEitherHalf() {
        let surface = VTermSurface(rows: 3, columns: 20)
        surface.write("a漢字b")
        XCTAssertEqual(copy(surface, from: (0, 0), to: (0, 5), .character), "a漢字b")
        XCTAssertEqual(copy(surface, from: (0, 2), to: (0, 3), .character), "漢字", "starting on a second half takes the character")
        XCTAssertEqual(copy(surface, from: (0, 3), to: (0, 3), .character), "字")
    }
}
