import XCTest
@testable import TermindPresentation
import TermindTestSupport

/// Termind's screen against libvterm's own (`LibvtermScreenReference`): random output of the
/// kinds programs send (text, wide and combining characters, every erase, insert, delete and
/// scroll, scroll regions and left/right margins, SGR, the alternate screen, reverse video,
/// protected cells, double-width lines, wrapping modes) and random resizes (new heights of the
/// primary screen: Termind reflows the rest) must leave the same cells, cursor and scrollback in
/// both, after every step.
final class TerminalScreenAgainstLibvtermTests: XCTestCase {
    func testRandomOutputAndResizesLeaveTheSameScreenAsLibvtermsOwnScreen() {
        for seed in 1...60 as ClosedRange<UInt64> {
            var random = SeededRandom(seed: seed)
            var rows = 2 + Int(random.next() % 9), columns = 2 + Int(random.next() % 14)
            let surface = VTermSurface(rows: rows, columns: columns, scrollbackLimit: 50)
            let reference = LibvtermScreenReference(rows: rows, columns: columns, scrollbackLimit: 50)
            var history: [String] = []
            for step in 0..<300 {
                // libvterm does not reflow: only new heights of the primary screen are compared
                // (VTermSurfaceReflowTests has the rest).
                if random.next() % 40 == 0 && !surface.isAlternateScreen {
                    rows = 1 + Int(random.next() % 10)
                    _ = random.next()
                    history.append("resize \(rows)x\(columns)")
                    surface.resize(rows: rows, columns: columns)
                    reference.resize(rows: rows, columns: columns)
                } else {
                    let piece = Self.randomPiece(&random, rows: rows, columns: columns)
                    history.append(piece.debugDescription)
                    surface.write(Array(piece.utf8))
                    reference.write(Array(piece.utf8))
                }
                if let difference = Self.firstDifference(surface, reference) {
                    XCTFail("seed \(seed), step \(step): \(difference)\nlast input: \(history.suffix(40).joined(separator: " "))")
                    return
                }
            }
        }
    }

    // MARK: - Comparing

    static func firstDifference(_ surface: VTermSurface, _ reference: LibvtermScreenReference) -> String? {
        for row in 0..<surface.rows {
            for column in 0..<surface.columns {
                let ours = surface.cell(row: row, column: column), theirs = reference.cell(row: row, column: column)
                if ours != theirs {
                    return "cell \(row),\(column): \(ours), libvterm \(theirs)\nours:     \(surface.lines)\nlibvterm: \((0..<reference.rows).map { row in VTermSurface.text(of: (0..<reference.columns).map { reference.cell(row: row, column: $0) }) })"
                }
                let stored = surface.screen.cell(row: row, column: column).attrs
                if [stored.dwl, stored.dhl] != reference.lineSize(row: row, column: column) {
                    return "cell \(row),\(column): line size \([stored.dwl, stored.dhl]), libvterm \(reference.lineSize(row: row, column: column))"
                }
            }
        }
        if surface.cursor.row != reference.cursor.row || surface.cursor.column != reference.cursor.column {
            return "cursor \(surface.cursor), libvterm \(reference.cursor)"
        }
        let scrollback = (0..<surface.scrollbackCount).map { surface.scrollbackLine($0) }
        if scrollback != reference.scrollbackLines {
            return "scrollback \(scrollback.map(VTermSurface.text(of:))), libvterm \(reference.scrollbackLines.map(VTermSurface.text(of:)))"
        }
        return nil
    }

    // MARK: - Random output

    private static let texts = ["a", "xyz", "Hello ", "漢", "字字", "é", "e\u{301}", "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}", "😀", " ", "\u{301}", "0123456789abcdef"]
    private static let controls = ["\r", "\n", "\r\n", "\t", "\u{8}", "\u{1b}D", "\u{1b}M", "\u{1b}E", "\u{1b}7", "\u{1b}8", "\u{7}"]
    private static let modes = [
        "\u{1b}[?1049h", "\u{1b}[?1049l", "\u{1b}[?47h", "\u{1b}[?47l", "\u{1b}[?1047h", "\u{1b}[?1047l",
        "\u{1b}[?5h", "\u{1b}[?5l", "\u{1b}[?7l", "\u{1b}[?7h", "\u{1b}[4h", "\u{1b}[4l", "\u{1b}[?6h", "\u{1b}[?6l",
        "\u{1b}[?69h", "\u{1b}[?69l", "\u{1b}[1\"q", "\u{1b}[0\"q", "\u{1b}#6", "\u{1b}#3", "\u{1b}#4", "\u{1b}#5",
        "\u{1b}[!p", "\u{1b}c", "\u{1b}[?25l", "\u{1b}[?25h",
    ]

    static func randomPiece(_ random: inout SeededRandom, rows: Int, columns: Int) -> String {
        func number(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }
        switch random.next() % 16 {
        case 0...4: return texts[number(texts.count)]
        case 5, 6: return controls[number(controls.count)]
        case 7: return "\u{1b}[\(1 + number(rows + 1));\(1 + number(columns + 1))H"
        case 8: return "\u{1b}[\(number(4))\(["A", "B", "C", "D", "G", "d", "E", "F"][number(8)])"
        case 9: return "\u{1b}[\(["", "?"][number(2)])\(number(3))\(["J", "K"][number(2)])"
        case 10: return "\u{1b}[\(number(4))\(["L", "M", "@", "P", "X", "S", "T", "b"][number(8)])"
        case 11:
            let top = 1 + number(rows), bottom = top + number(rows - top + 1)
            return number(4) == 0 ? "\u{1b}[r" : "\u{1b}[\(top);\(bottom)r"
        case 12:
            let left = 1 + number(columns), right = left + number(columns - left + 1)
            return number(4) == 0 ? "\u{1b}[s" : "\u{1b}[\(left);\(right)s"
        case 13:
            let sgr = ["0", "1", "4", "4:3", "21", "7", "27", "3", "5", "9", "22", "24", "31", "42", "38;5;\(number(256))",
                       "48;2;\(number(256));\(number(256));\(number(256))", "39", "49", "97", "104", "11", "10"]
            return "\u{1b}[\(sgr[number(sgr.count)])m"
        case 14: return modes[number(modes.count)]
        default: return String(repeating: texts[number(texts.count)], count: 1 + number(columns))
        }
    }
}
