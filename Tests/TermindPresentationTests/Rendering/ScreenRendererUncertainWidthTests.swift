import XCTest
@testable import TermindPresentation

/// Text the outer terminal may measure otherwise than Termind (libvterm gives U+0600 width 0,
/// glibc and tmux give it 1): the renderer places the next cell absolutely, so the
/// disagreement costs at most a cell instead of shifting the rest of the frame.
final class ScreenRendererUncertainWidthTests: XCTestCase {
    private let truecolor = TerminalCapabilities(colorDepth: .truecolor)

    private func row(_ cells: [TerminalCell]) -> CellBuffer {
        var frame = CellBuffer(width: 10, height: 2)
        for (column, cell) in cells.enumerated() {
            frame.set(cell, column: column, row: 0, isChrome: false)
        }
        return frame
    }

    func testTheCellAfterAFormatCharacterIsPlacedAbsolutely() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let frame = row([TerminalCell(text: "x\u{600}\u{600}"), TerminalCell(text: "E"), TerminalCell(text: "N"), TerminalCell(text: "D")])
        let bytes = renderer.render(frame, cursor: .hidden)
        XCTAssertFrame(bytes, "⎋[?2026h⎋[m⎋[H⎋[2Jx\u{600}\u{600}⎋[1;2HEND⎋[?25l⎋[?2026l")
    }

    func testTheCellAfterAZWJEmojiIsPlacedAbsolutelyAndTheCursorToo() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        var frame = CellBuffer(width: 10, height: 2)
        frame.set(TerminalCell(text: family, width: 2), column: 0, row: 0, isChrome: false)
        frame.set(TerminalCell(text: "│"), column: 2, row: 0, isChrome: false)
        let bytes = renderer.render(frame, cursor: ScreenCursor(row: 0, column: 3))
        // Without the joiners, so the outer terminal cannot join what libvterm laid out apart.
        XCTAssertFrame(bytes, "⎋[?2026h⎋[m⎋[H⎋[2J\u{1F468}\u{1F469}\u{1F467}⎋[1;3H│⎋[0 q⎋[?25h⎋[?2026l")
    }

    func testLettersCJKAndBoxDrawingKeepRelativeMoves() {
        XCTAssertFalse(CharacterWidth.isUncertain("é"))
        XCTAssertFalse(CharacterWidth.isUncertain("e\u{301}"))
        XCTAssertFalse(CharacterWidth.isUncertain("漢"))
        XCTAssertFalse(CharacterWidth.isUncertain("│"))
        XCTAssertFalse(CharacterWidth.isUncertain("ж"))
        XCTAssertTrue(CharacterWidth.isUncertain("\u{600}"))
        XCTAssertTrue(CharacterWidth.isUncertain("\u{110BD}"))
        XCTAssertTrue(CharacterWidth.isUncertain("\u{1F600}"))
        XCTAssertTrue(CharacterWidth.isUncertain("\u{2764}\u{FE0F}"))
        XCTAssertTrue(CharacterWidth.isUncertain("\u{1F1EB}\u{1F1F7}"))
        XCTAssertTrue(CharacterWidth.isUncertain("\u{301}"))
    }
}
