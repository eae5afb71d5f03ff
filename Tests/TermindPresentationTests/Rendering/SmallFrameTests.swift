import TermindDomain
import XCTest
@testable import TermindPresentation

/// Frames as the workbench writes them (`SynchronizedOutput.largeFramesOnly`) on a 160×45
/// terminal: a typed character's echo or a cursor move goes out bare and small, a frame that
/// redraws the screen inside synchronized output.
final class SmallFrameTests: XCTestCase {
    private let width = 160
    private let height = 45

    /// A shell's screen: lines of text above a status line in reverse, the prompt at the bottom.
    private func shellFrame(prompt: String, lines: Int = 43, first: Int = 0) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for row in 0..<lines {
            buffer.put("\(first + row): -rw-r--r-- 1 deploy deploy 4096 Mar  3 10:00 build-\(first + row).tar.gz",
                       column: 0, row: row, style: CellStyle(isChrome: false))
        }
        buffer.put(prompt, column: 0, row: 43, style: CellStyle(isChrome: false))
        buffer.fill(CellRect(column: 0, row: 44, columns: width, rows: 1), style: CellStyle(attributes: .reverse))
        buffer.put(" termind │ web-1 │ 1:bash", column: 0, row: 44, style: CellStyle(attributes: .reverse), clip: CellRect(column: 0, row: 44, columns: width, rows: 1))
        return buffer
    }

    private func render(_ frame: CellBuffer, cursorColumn: Int, with renderer: inout ScreenRenderer) -> [UInt8] {
        renderer.render(frame, cursor: ScreenCursor(row: 43, column: cursorColumn), synchronizing: .largeFramesOnly)
    }

    func testATypedCharactersEchoIsAtMostFourBytesWithoutBrackets() {
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: .truecolor))
        _ = render(shellFrame(prompt: "$ "), cursorColumn: 2, with: &renderer)

        let first = render(shellFrame(prompt: "$ l"), cursorColumn: 3, with: &renderer)
        let next = render(shellFrame(prompt: "$ ls"), cursorColumn: 4, with: &renderer)

        // The first echo after the status line was drawn resets its reverse pen.
        XCTAssertFrame(first, "⎋[ml")
        XCTAssertFrame(next, "s")
        XCTAssertLessThanOrEqual(first.count, 4)
    }

    func testACursorMoveAloneIsBare() {
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: .truecolor))
        _ = render(shellFrame(prompt: "$ ls"), cursorColumn: 4, with: &renderer)

        XCTAssertFrame(render(shellFrame(prompt: "$ ls"), cursorColumn: 3, with: &renderer), "\u{8}")
        XCTAssertEqual(render(shellFrame(prompt: "$ ls"), cursorColumn: 3, with: &renderer), [], "an unchanged frame writes nothing")
    }

    func testAFrameThatRedrawsTheScreenKeepsTheBrackets() {
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: .truecolor))
        _ = render(shellFrame(prompt: "$ "), cursorColumn: 2, with: &renderer)

        // A flood moved every line by more than a scroll can save.
        let bytes = render(shellFrame(prompt: "$ ", first: 500), cursorColumn: 2, with: &renderer)

        XCTAssertGreaterThan(bytes.count, 1_000)
        XCTAssertTrue(visible(bytes).hasPrefix("⎋[?2026h"), visible(bytes))
        XCTAssertTrue(visible(bytes).hasSuffix("⎋[?2026l"), visible(bytes))
    }
}
