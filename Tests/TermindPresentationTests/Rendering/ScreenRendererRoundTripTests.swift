import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The renderer's bytes, fed to a real emulator (libvterm, through `VTermSurface`) of the same
/// size, must leave exactly the frame on its screen: every cell's text, width, colours and
/// attributes, and the cursor. Run over many random frames, this proves the diff, the pen and
/// cursor caches, wide-character handling, erasing and scrolling agree with a terminal.
final class ScreenRendererRoundTripTests: XCTestCase {
    private let width = 24
    private let height = 8

    func testRandomFramesLeaveTheEmulatorShowingEachFrame() {
        runRandomFrames(seed: 0x7E57_0001, capabilities: TerminalCapabilities(colorDepth: .truecolor), frames: 400)
    }

    func testRandomFramesOnAPaletteTerminalWithNoColorShowTheDowngradedFrame() {
        runRandomFrames(seed: 0x7E57_0002, capabilities: TerminalCapabilities(colorDepth: .palette256, noColor: true), frames: 400)
    }

    func testRandomFramesWithoutBackgroundColorEraseShowEachFrame() {
        runRandomFrames(
            seed: 0x7E57_0003,
            capabilities: TerminalCapabilities(colorDepth: .truecolor, backgroundColorErase: false),
            frames: 200
        )
    }

    // MARK: - The property

    private func runRandomFrames(seed: UInt64, capabilities: TerminalCapabilities, frames: Int) {
        var random = SeededRandom(seed: seed)
        var renderer = ScreenRenderer(capabilities: capabilities)
        let terminal = VTermSurface(rows: height, columns: width, scrollbackLimit: 0)
        var frame = CellBuffer(width: width, height: height)
        var totalBytes = 0
        // How often the frames took each path, so the property cannot pass by never taking one.
        var used: [String: Int] = [:]
        let paths: [(name: String, marker: Regex<Substring>)] = [
            ("scroll up", /⎋\[\d*S/), ("scroll down", /⎋\[\d*T/), ("scroll region", /⎋\[\d+;\d+r/),
            ("erase to end of line", /⎋\[K/), ("full redraw", /⎋\[2J/), ("wide character", /字/),
            ("next line", /\r\n/), ("cursor position", /⎋\[\d+;\d+H/), ("column", /⎋\[\d*G/),
            ("palette colour", /⎋\[[^m]*38;5;/),
        ]

        for number in 0..<frames {
            frame = nextFrame(after: frame, using: &random)
            let cursor = ScreenCursor(
                row: Int.random(in: 0..<height, using: &random),
                column: Int.random(in: 0..<width, using: &random),
                isVisible: Bool.random(using: &random),
                shape: [.default, .bar(blinking: true), .block(blinking: false)].randomElement(using: &random)!
            )
            if Int.random(in: 0..<40, using: &random) == 0 {
                renderer.invalidate()
            }
            let bytes = renderer.render(frame, cursor: cursor)
            totalBytes += bytes.count
            terminal.write(bytes)
            let text = visible(bytes)
            for path in paths where text.contains(path.marker) {
                used[path.name, default: 0] += 1
            }

            let mismatch = firstDifference(terminal, frame, cursor, capabilities)
            if let mismatch {
                XCTFail("frame \(number) (seed \(seed)): \(mismatch)\nbytes: \(visible(bytes))\nexpected: \(frame.lines)\nshown: \(terminal.lines)")
                return
            }
        }
        XCTAssertGreaterThan(totalBytes, 0)
        for path in paths where !(path.name == "palette colour" && capabilities.colorDepth == .truecolor) {
            XCTAssertGreaterThan(used[path.name, default: 0], 0, "no frame used \(path.name): \(used)")
        }
    }

    /// What differs between the emulator's screen and the frame as the terminal should show it.
    private func firstDifference(_ terminal: VTermSurface, _ frame: CellBuffer, _ cursor: ScreenCursor, _ capabilities: TerminalCapabilities) -> String? {
        for row in 0..<height {
            for column in 0..<width {
                let shown = terminal.cell(row: row, column: column)
                let wanted = expected(frame, column, row, capabilities)
                if wanted.isWideContinuation {
                    // libvterm does not colour continuations; only their place matters.
                    if !shown.isWideContinuation { return "cell \(column),\(row): \(shown), expected a continuation" }
                } else if shown != wanted {
                    return "cell \(column),\(row): \(shown), expected \(wanted)"
                }
            }
        }
        if terminal.cursor.isVisible != cursor.isVisible {
            return "cursor visible \(terminal.cursor.isVisible), expected \(cursor.isVisible)"
        }
        if cursor.isVisible, terminal.cursor.row != cursor.row || terminal.cursor.column != cursor.column {
            return "cursor at \(terminal.cursor.column),\(terminal.cursor.row), expected \(cursor.column),\(cursor.row)"
        }
        return nil
    }

    /// A frame's cell as the terminal shows it: RGB brought to the palette on a 256-colour
    /// terminal, chrome without colours under NO_COLOR.
    private func expected(_ frame: CellBuffer, _ column: Int, _ row: Int, _ capabilities: TerminalCapabilities) -> TerminalCell {
        var cell = frame[column, row]
        if capabilities.noColor && frame.isChrome(column: column, row: row) {
            cell.foreground = .default
            cell.background = .default
            return cell
        }
        func shown(_ color: TerminalColor) -> TerminalColor {
            guard capabilities.colorDepth == .palette256, case .rgb(let r, let g, let b) = color else { return color }
            return .indexed(TerminalColor.nearestPaletteIndex(red: r, green: g, blue: b))
        }
        cell.foreground = shown(cell.foreground)
        cell.background = shown(cell.background)
        return cell
    }

    // MARK: - Random frames

    private let pieces = ["a", "b", "xyz", "漢", "字字", "é", "e\u{301}", " ", "  ", "0123", "-", "─│", "$ ls"]

    private func randomColor(using random: inout SeededRandom) -> TerminalColor {
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1: .default
        case 2: .indexed(UInt8.random(in: 0...15, using: &random))
        case 3: .indexed(UInt8.random(in: 16...255, using: &random))
        default: .rgb(red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random), blue: .random(in: 0...255, using: &random))
        }
    }

    private func randomStyle(using random: inout SeededRandom) -> CellStyle {
        var attributes: CellAttributes = []
        for attribute in [CellAttributes.bold, .italic, .blink, .reverse, .strikethrough] where Int.random(in: 0..<5, using: &random) == 0 {
            attributes.insert(attribute)
        }
        if let underline = [CellAttributes.underline, .doubleUnderline, .curlyUnderline, [], [], [], []].randomElement(using: &random) {
            attributes.formUnion(underline)
        }
        let plain = Int.random(in: 0..<3, using: &random) == 0
        return CellStyle(
            foreground: plain ? .default : randomColor(using: &random),
            background: plain ? .default : randomColor(using: &random),
            attributes: plain ? [] : attributes,
            isChrome: Bool.random(using: &random)
        )
    }

    private func randomText(using random: inout SeededRandom) -> String {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    private func nextFrame(after previous: CellBuffer, using random: inout SeededRandom) -> CellBuffer {
        var frame = previous
        switch Int.random(in: 0..<20, using: &random) {
        case 0:
            return CellBuffer(width: width, height: height)
        case 1, 2:
            // Rows moved, as when a full-width pane scrolls; new rows come in below or above.
            let top = Int.random(in: 0..<(height - 1), using: &random)
            let bottom = Int.random(in: (top + 2)...height, using: &random)
            let count = Int.random(in: 1..<(bottom - top), using: &random) * (Bool.random(using: &random) ? 1 : -1)
            frame.scroll(rows: top..<bottom, by: count)
            let incoming = count > 0 ? (bottom - count)..<bottom : top..<(top - count)
            for row in incoming where Bool.random(using: &random) {
                frame.put(randomText(using: &random), column: 0, row: row, style: randomStyle(using: &random))
            }
            return frame
        default:
            break
        }
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let style = randomStyle(using: &random)
            if Int.random(in: 0..<4, using: &random) == 0 {
                let column = Int.random(in: 0..<width, using: &random)
                let row = Int.random(in: 0..<height, using: &random)
                let rect = CellRect(
                    column: column, row: row,
                    columns: Int.random(in: 1...(width - column), using: &random),
                    rows: Int.random(in: 1...(height - row), using: &random)
                )
                let filler: Character = ["a", " ", " ", "字", "-"].randomElement(using: &random)!
                frame.fill(rect, with: filler, style: style)
            } else {
                let clip: CellRect? = Bool.random(using: &random)
                    ? CellRect(column: Int.random(in: 0..<width, using: &random), row: 0, columns: Int.random(in: 1...width, using: &random), rows: height)
                    : nil
                frame.put(
                    randomText(using: &random),
                    column: Int.random(in: -1..<width, using: &random),
                    row: Int.random(in: 0..<height, using: &random),
                    style: style,
                    clip: clip
                )
            }
        }
        return frame
    }
}
