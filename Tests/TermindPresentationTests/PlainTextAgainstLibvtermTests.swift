import XCTest
@testable import TermindPresentation
import TermindTestSupport

/// Plain text stored directly (`VTermSurface.storePlainText`) against the same output through
/// libvterm's text path: long runs of printable ASCII mixed with everything that changes what
/// libvterm does with them (character sets, locking and single shifts, insert and origin modes,
/// protection, double-width lines, RIS, the no-op DECSTR, pending wraps, combining characters,
/// REP, margins), cut into writes at random places, must leave the same cells, line sizes,
/// cursor, wrapped rows and scrollback as a surface that sends every byte through libvterm, and
/// as libvterm's own screen.
final class PlainTextAgainstLibvtermTests: XCTestCase {
    func testPlainTextStoredDirectlyLeavesWhatLibvtermsTextPathLeaves() {
        var direct = 0, printable = 0
        for seed in 1...24 as ClosedRange<UInt64> {
            var random = SeededRandom(seed: seed)
            // A few mode changes a seed, so that they meet each other within one run.
            let palette = (0..<5).map { _ in Self.modes[Int(random.next() % UInt64(Self.modes.count))] }
            let rows = 2 + Int(random.next() % 10), columns = 14 + Int(random.next() % 90)
            let surface = VTermSurface(rows: rows, columns: columns, scrollbackLimit: 40)
            let throughLibvterm = VTermSurface(rows: rows, columns: columns, scrollbackLimit: 40)
            throughLibvterm.writesPlainTextDirectly = false
            let reference = LibvtermScreenReference(rows: rows, columns: columns, scrollbackLimit: 40)
            var history: [String] = []
            for step in 0..<150 {
                var output: [UInt8] = []
                for _ in 0..<(1 + Int(random.next() % 6)) {
                    output += Array(Self.randomPiece(&random, columns: columns, modes: palette).utf8)
                }
                printable += output.count { (0x20...0x7E).contains($0) }
                // Cut anywhere: a run, a sequence or a character may straddle two writes.
                var start = 0
                while start < output.count {
                    let end = random.next() % 3 == 0 ? start + 1 + Int(random.next() % UInt64(output.count - start)) : output.count
                    let piece = Array(output[start..<end])
                    history.append(String(decoding: piece, as: UTF8.self).debugDescription)
                    surface.write(piece)
                    throughLibvterm.write(piece)
                    reference.write(piece)
                    start = end
                    if let difference = Self.firstDifference(surface, throughLibvterm, withLines: false) {
                        XCTFail("seed \(seed), step \(step) (\(rows)x\(columns)): \(difference)\nlast writes: \(history.suffix(30).joined(separator: " "))")
                        return
                    }
                }
                if let difference = Self.firstDifference(surface, throughLibvterm, withLines: true)
                    ?? TerminalScreenAgainstLibvtermTests.firstDifference(surface, reference)
                {
                    XCTFail("seed \(seed), step \(step) (\(rows)x\(columns)): \(difference)\nlast writes: \(history.suffix(30).joined(separator: " "))")
                    return
                }
            }
            direct += surface.plainTextCharacters
            XCTAssertEqual(throughLibvterm.plainTextCharacters, 0)
        }
        // The comparison means something only if the direct path carried much of the text.
        XCTAssertGreaterThan(direct, printable / 5, "\(direct) of \(printable) printable bytes were stored directly")
    }

    func testEveryPairOfModeChangesThenPlainTextLeavesWhatLibvtermsTextPathLeaves() {
        let line = "The quick brown fox jumps over the lazy dog 0123456789"
        for first in Self.modes {
            for second in Self.modes {
                let surface = VTermSurface(rows: 4, columns: 40, scrollbackLimit: 10)
                let throughLibvterm = VTermSurface(rows: 4, columns: 40, scrollbackLimit: 10)
                throughLibvterm.writesPlainTextDirectly = false
                // On a full screen (DECALN), so that insertion and selective erase show.
                let output = Array("\u{1b}#8\u{1b}[2;3H\(first)ab\(second)\(line)\r\n\(line)\u{301}\(line)\u{1b}[?2J".utf8)
                surface.write(output)
                throughLibvterm.write(output)
                if let difference = Self.firstDifference(surface, throughLibvterm, withLines: true) {
                    XCTFail("after \(first.debugDescription) and \(second.debugDescription): \(difference)")
                    return
                }
            }
        }
    }

    func testTextAfterADoubleWidthLineFilledToItsEdgeThenMadeSingleWrapsAsLibvtermWrapsIt() {
        // libvterm's wrap stays pending on the row made single width again, at column 19 of 40:
        // the next character goes to the next row.
        let output = Array(("\u{1b}#6" + String(repeating: "d", count: 20) + "\u{1b}#5" + String(repeating: "s", count: 15)).utf8)
        let surface = VTermSurface(rows: 3, columns: 40)
        let throughLibvterm = VTermSurface(rows: 3, columns: 40)
        throughLibvterm.writesPlainTextDirectly = false
        surface.write(output)
        throughLibvterm.write(output)
        XCTAssertEqual(throughLibvterm.line(1), String(repeating: "s", count: 15))
        XCTAssertNil(Self.firstDifference(surface, throughLibvterm, withLines: true))
    }

    func testALineLongerThanThePaneIsStoredRowByRowAndWrapsAsLibvtermWrapsIt() {
        let text = (0..<110).map { String(UnicodeScalar(UInt8(0x21 + $0 % 90))) }.joined()
        let surface = VTermSurface(rows: 2, columns: 40, scrollbackLimit: 10)
        let throughLibvterm = VTermSurface(rows: 2, columns: 40, scrollbackLimit: 10)
        throughLibvterm.writesPlainTextDirectly = false
        surface.write(Array(text.utf8))
        throughLibvterm.write(Array(text.utf8))
        XCTAssertNil(Self.firstDifference(surface, throughLibvterm, withLines: true))
        XCTAssertEqual(surface.lineNumbers.count, 3)
        XCTAssertTrue(surface.isWrapped(line: 0) && surface.isWrapped(line: 1))
        // Rows of 39, 38 and 28: the last column and the character after it, and the run's
        // last character, go through libvterm.
        XCTAssertEqual(surface.plainTextCharacters, 39 + 38 + 28)
    }

    func testLineDrawingTextGoesThroughLibvtermAndPlainTextAfterItDoesNot() {
        let surface = VTermSurface(rows: 3, columns: 40)
        surface.write(Array("\u{1b}(0qqqqqqqqqqqqqqqqqqqq\u{1b}(B\r\nplain text of twenty chars".utf8))
        XCTAssertEqual(surface.line(0), String(repeating: "─", count: 20))
        XCTAssertEqual(surface.line(1), "plain text of twenty chars")
        XCTAssertEqual(surface.plainTextCharacters, "plain text of twenty chars".count - 1)
    }

    func testARunAfterASingleShiftKeepsItsFirstCharacterInTheShiftedSet() {
        let surface = VTermSurface(rows: 2, columns: 40)
        surface.write(Array("\u{1b}*0\u{1b}Nqqqqqqqqqqqqqqqqqqqq".utf8))
        XCTAssertEqual(surface.line(0), "─" + String(repeating: "q", count: 19))
        XCTAssertEqual(surface.plainTextCharacters, 18)
    }

    func testACombiningMarkAfterAPlainRunThatFollowsNonASCIITextJoinsTheLastCharacterInTheLastColumn() {
        // The pane-surface fuzz finding `combining-mark-after-plain-run-in-the-last-column`: with
        // G0 designated (`ESC ( B`), libvterm decodes the run with the é before it, as UTF-8, and
        // joins the mark to the t in the last column; taken out, the run started a text callback
        // of its own, and the mark, in the next one, was dropped.
        let output = Array("\u{1b}(B\u{e9}abcdefghijklmnopqrst\u{301}".utf8)
        let surface = VTermSurface(rows: 3, columns: 21)
        let throughLibvterm = VTermSurface(rows: 3, columns: 21)
        throughLibvterm.writesPlainTextDirectly = false
        surface.write(output)
        throughLibvterm.write(output)
        XCTAssertEqual(surface.cell(row: 0, column: 20).text, "t\u{301}", "the mark joins the t, as in xterm")
        XCTAssertEqual(surface.cells(row: 0), throughLibvterm.cells(row: 0))
        XCTAssertEqual(surface.cursor, throughLibvterm.cursor)
    }

    func testREPRepeatsTheLastCharacterHoweverManyControlsFollowIt() {
        // The pane-surface fuzz finding `rep-after-many-nuls`: the run stored directly and the
        // same text through libvterm repeated different characters (`%`, nothing).
        let output = Array((String(repeating: "%", count: 20) + "\u{0}x" + String(repeating: "\u{0}", count: 9) + "\u{1b}[b").utf8)
        let surface = VTermSurface(rows: 2, columns: 40)
        let throughLibvterm = VTermSurface(rows: 2, columns: 40)
        throughLibvterm.writesPlainTextDirectly = false
        surface.write(output)
        throughLibvterm.write(output)
        XCTAssertEqual(surface.line(0), String(repeating: "%", count: 20) + "xx")
        XCTAssertEqual(throughLibvterm.line(0), surface.line(0))
    }

    // MARK: - Comparing

    /// The first way two surfaces differ: cells, line sizes, cursor, and `withLines`, wrapped
    /// rows and scrollback.
    private static func firstDifference(_ surface: VTermSurface, _ other: VTermSurface, withLines: Bool) -> String? {
        for row in 0..<surface.rows {
            for column in 0..<surface.columns {
                let ours = surface.cell(row: row, column: column), theirs = other.cell(row: row, column: column)
                if ours != theirs {
                    return "cell \(row),\(column): \(ours), through libvterm \(theirs)\ndirect:          \(surface.lines)\nthrough libvterm: \(other.lines)"
                }
                // As stored: `width` is whether the cell is protected.
                let stored = surface.screen.grid.row(row)[column], otherStored = other.screen.grid.row(row)[column]
                if [stored.attrs.dwl, stored.attrs.dhl, UInt32(bitPattern: Int32(stored.width))]
                    != [otherStored.attrs.dwl, otherStored.attrs.dhl, UInt32(bitPattern: Int32(otherStored.width))]
                {
                    return "cell \(row),\(column): line size or protection differs"
                }
            }
        }
        if surface.cursor != other.cursor {
            return "cursor \(surface.cursor), through libvterm \(other.cursor)"
        }
        guard withLines else { return nil }
        guard surface.lineNumbers == other.lineNumbers else {
            return "lines \(surface.lineNumbers), through libvterm \(other.lineNumbers)"
        }
        for line in surface.lineNumbers {
            if surface.cells(line: line) != other.cells(line: line) {
                return "line \(line): \(VTermSurface.text(of: surface.cells(line: line))), through libvterm \(VTermSurface.text(of: other.cells(line: line)))"
            }
            if surface.isWrapped(line: line) != other.isWrapped(line: line) {
                return "line \(line) wrapped: \(surface.isWrapped(line: line)), through libvterm \(other.isWrapped(line: line))"
            }
        }
        return nil
    }

    // MARK: - Random output

    private static let modes = [
        "\u{1b}(0", "\u{1b}(B", "\u{1b}(A", "\u{1b})0", "\u{1b})B", "\u{1b}*0", "\u{1b}*A", "\u{1b}+0", "\u{1b}+B", "\u{1b}(Z",
        "\u{0e}", "\u{0f}", "\u{1b}n", "\u{1b}o", "\u{1b}N", "\u{1b}O", "\u{1b}[4h", "\u{1b}[4l", "\u{1b}[4;20h", "\u{1b}[20;4h",
        "\u{1b}[4:1h", "\u{1b}[?4h", "\u{1b}[>4h", "\u{1b}[?6h", "\u{1b}[?6l", "\u{1b}[6h", "\u{1b}[1\"q", "\u{1b}[2\"q",
        "\u{1b}[\"q", "\u{1b}[?1\"q", "\u{1b}[!p", "\u{1b}c", "\u{1b}#6", "\u{1b}#5", "\u{1b}#3", "\u{1b}#4", "\u{1b}#8",
        "\u{1b}[?7l", "\u{1b}[?7h", "\u{1b}[?69h", "\u{1b}[?69l", "\u{1b}[3;9s", "\u{1b}[2;4r", "\u{1b}[r", "\u{1b}7", "\u{1b}8",
        "\u{1b}[2b", "\u{1b}[3@", "\u{1b}[2P", "\u{1b}[1;31m", "\u{1b}[0m", "\u{1b}[7m", "\u{1b}[?1049h", "\u{1b}[?1049l",
        "\u{1b}[2J", "\u{1b}[1\"q\u{1b}[1J", "\u{1b}[?2J", "\u{1b}[?5h", "\u{1b}[?5l",
    ]
    private static let others = ["\r\n", "\r", "\n", "\t", "\u{8}", "\u{301}", "e\u{301}", "字", "😀", "é", "\u{7f}", "\u{0}", "\u{1b}D", "\u{1b}M"]

    private static func randomPiece(_ random: inout SeededRandom, columns: Int, modes: [String]) -> String {
        func number(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }
        switch random.next() % 20 {
        case 0...9:
            // Printable ASCII, often longer than the line.
            let length = number(4) == 0 ? 1 + number(12) : 10 + number(columns * 2)
            return String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(0x20 + number(0x5F)))) })
        case 10...13: return others[number(others.count)]
        case 14, 15: return "\u{1b}[\(1 + number(12));\(1 + number(columns + 2))H"
        case 16: return "\u{1b}[\(number(columns))\(["C", "D", "G"][number(3)])"
        default: return modes[number(modes.count)]
        }
    }
}
