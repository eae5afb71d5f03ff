import TermindDomain
import XCTest
@testable import TermindPresentation

/// What common frames cost on a 160×45 terminal: a shell pane above a status line, fed by a
/// real emulator surface as the TUI will be. The numbers are printed (look for "bytes:") and
/// held to what they are, so a change that makes them worse fails here.
final class ScreenRendererMeasurementTests: XCTestCase {
    private let width = 160
    private let height = 45
    private let prompt = "\u{1B}[01;32mdeploy@web-1\u{1B}[00m:\u{1B}[01;34m~/releases\u{1B}[00m$ "

    /// Output like `ls -l --color` gives, one line per file.
    private func listingLine(_ number: Int) -> String {
        let size = String(repeating: " ", count: 8 - String(number * 7919 % 100_000).count) + String(number * 7919 % 100_000)
        let name = number % 4 == 0 ? "\u{1B}[01;34mrelease-\(number)\u{1B}[0m" : "build-\(number).tar.gz"
        return "-rw-r--r--  1 deploy deploy \(size) Mar  3 10:\(String(format: "%02d", number % 60)) \(name)"
    }

    private struct Screen {
        let surface: VTermSurface
        let pane: CellRect
        let status: CellRect
        var frame: CellBuffer

        /// Draws the pane and the status line, then renders the frame.
        mutating func render(with renderer: inout ScreenRenderer, statusText: String = " termind │ web-1 │ 1:bash") -> [UInt8] {
            frame.copy(from: surface, into: pane)
            frame.fill(status, style: CellStyle(attributes: .reverse))
            frame.put(statusText, column: status.column, row: status.row, style: CellStyle(attributes: .reverse), clip: status)
            return renderer.render(frame, cursor: ScreenCursor(surface.cursor, in: pane))
        }
    }

    private func shellScreen(paneWidth: Int) -> Screen {
        let pane = CellRect(column: 0, row: 0, columns: paneWidth, rows: height - 1)
        let surface = VTermSurface(rows: pane.rows, columns: pane.columns)
        for number in 0..<60 {
            surface.write(Array((listingLine(number) + "\r\n").utf8))
        }
        surface.write(Array(prompt.utf8))
        var frame = CellBuffer(width: width, height: height)
        if paneWidth < width {
            // A second pane to the right, behind a border: the left one cannot scroll as rows.
            frame.fill(CellRect(column: paneWidth, row: 0, columns: 1, rows: height - 1), with: "│", style: .chrome)
            for row in 0..<(height - 1) {
                frame.put("right pane line \(row)", column: paneWidth + 1, row: row, style: CellStyle(isChrome: false))
            }
        }
        return Screen(surface: surface, pane: pane, status: CellRect(column: 0, row: height - 1, columns: width, rows: 1), frame: frame)
    }

    func testTypingOneCharacterInAFullFrame() {
        var screen = shellScreen(paneWidth: width)
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: .truecolor))
        let full = screen.render(with: &renderer, statusText: " termind │ web-1 │ 1:bash")

        screen.surface.write(Array("l".utf8))
        let first = screen.render(with: &renderer, statusText: " termind │ web-1 │ 1:bash")
        screen.surface.write(Array("s".utf8))
        let next = screen.render(with: &renderer, statusText: " termind │ web-1 │ 1:bash")

        print("160×45 bytes: full frame \(full.count), first typed character \(first.count) (\(visible(first).debugDescription)), next typed character \(next.count) (\(visible(next).debugDescription))")
        // The first keystroke after the status line was drawn also resets the pen (ESC [ m).
        XCTAssertFrame(first, "⎋[?2026h⎋[ml⎋[?2026l")
        XCTAssertFrame(next, "⎋[?2026hs⎋[?2026l")
        XCTAssertEqual(next.count, 17)
    }

    func testScrollingOneLineInAFullWidthPane() {
        var screen = shellScreen(paneWidth: width)
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: .truecolor))
        _ = screen.render(with: &renderer, statusText: " termind │ web-1 │ 1:bash")

        screen.surface.write(Array("\r\n\(listingLine(60))".utf8))
        let bytes = screen.render(with: &renderer, statusText: " termind │ web-1 │ 1:bash")

        print("160×45 bytes: one line scrolled in a full-width pane \(bytes.count) (\(visible(bytes).debugDescription))")
        XCTAssertTrue(visible(bytes).hasPrefix("⎋[?2026h⎋[m⎋[1;44r⎋[S⎋[r"), visible(bytes))
        XCTAssertLessThanOrEqual(bytes.count, 120)
    }

    func testScrollingOneLineInASplitPane() {
        var screen = shellScreen(paneWidth: 79)
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: .truecolor))
        _ = screen.render(with: &renderer, statusText: " termind │ web-1 │ 1:bash 2:logs")

        screen.surface.write(Array("\r\n\(listingLine(60))".utf8))
        let bytes = screen.render(with: &renderer, statusText: " termind │ web-1 │ 1:bash 2:logs")

        print("160×45 bytes: one line scrolled in a 79-column split pane (rewritten, no scroll region) \(bytes.count), \(renderer.lastFrameCellsWritten) cells")
        XCTAssertFalse(visible(bytes).contains("r⎋[S"), "rows that are not whole cannot be scrolled")
        XCTAssertLessThanOrEqual(bytes.count, 2_500)
    }
}
