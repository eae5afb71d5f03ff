import XCTest
@testable import TermindPresentation
import TermindTestSupport

/// A new width rewraps the primary screen and its scrollback, as tmux does: wrapped rows join
/// and split again, hard line ends stay, the cursor keeps its place in its line, and any widths
/// and back give the first screen and scrollback.
final class VTermSurfaceReflowTests: XCTestCase {
    /// What a reflow must give back: every row's text and whether it wraps, the scrollback's
    /// and the screen's, and the cursor.
    private struct Snapshot: Equatable, CustomStringConvertible {
        var scrollback: [String]
        var screen: [String]
        var cursor: [Int]

        init(_ surface: VTermSurface) {
            scrollback = (0..<surface.scrollbackCount).map { index in
                surface.scrollbackText(index) + (surface.isWrapped(line: surface.lineNumbers.lowerBound + index) ? "⏎" : "|")
            }
            screen = (0..<surface.rows).map { row in
                surface.line(row) + (surface.isWrapped(line: surface.firstScreenLine + row) ? "⏎" : "|")
            }
            cursor = [surface.cursor.row, surface.cursor.column]
        }

        var description: String {
            "scrollback:\n" + scrollback.joined(separator: "\n") + "\nscreen:\n" + screen.joined(separator: "\n") + "\ncursor \(cursor)"
        }
    }

    func testAnyTextAtAnySizesAndBackGivesTheFirstScreenAndScrollback() {
        for seed in UInt64(0)..<400 {
            var random = SeededRandom(seed: seed)
            let rows = Int.random(in: 2...8, using: &random)
            // Written at two columns, a wide character fills its row and a CR LF that scrolls
            // after it looks to the callbacks like a wrap: the flag is told from at three on.
            let columns = Int.random(in: 3...30, using: &random)
            let surface = VTermSurface(rows: rows, columns: columns)
            let text = Self.randomText(&random, columns: columns)
            surface.write(text)
            let first = Snapshot(surface)
            // Half the cases change the height too, after a first new width.
            let heights = Bool.random(using: &random)
            var sizes: [[Int]] = []
            for step in 0..<Int.random(in: 1...4, using: &random) {
                let size = [heights && step > 0 ? Int.random(in: 1...10, using: &random) : rows, Int.random(in: 2...40, using: &random)]
                sizes.append(size)
                surface.resize(rows: size[0], columns: size[1])
            }
            surface.resize(rows: rows, columns: columns)
            let back = Snapshot(surface)
            if back != first {
                XCTFail("seed \(seed): \(rows)×\(columns), sizes \(sizes), text \(text.debugDescription)\nfirst \(first)\nback \(back)")
                return
            }
        }
    }

    func testAnyOutputAndAnyResizesLeaveAScreenThatReadsAndTakesText() {
        for seed in UInt64(1)...40 {
            var random = SeededRandom(seed: seed)
            var rows = Int.random(in: 1...10, using: &random), columns = Int.random(in: 2...16, using: &random)
            let surface = VTermSurface(rows: rows, columns: columns, scrollbackLimit: 30)
            for _ in 0..<300 {
                if Int.random(in: 0..<12, using: &random) == 0 {
                    rows = Int.random(in: 1...10, using: &random)
                    columns = Int.random(in: 2...16, using: &random)
                    surface.resize(rows: rows, columns: columns)
                } else {
                    surface.write(TerminalScreenAgainstLibvtermTests.randomPiece(&random, rows: rows, columns: columns))
                }
                XCTAssertTrue((0..<rows).contains(surface.cursor.row) && (0...columns).contains(surface.cursor.column), "seed \(seed): cursor \(surface.cursor)")
                XCTAssertLessThanOrEqual(surface.scrollbackCount, 30)
                for line in surface.lineNumbers { _ = surface.cells(line: line) }
            }
            surface.write("\u{18}\u{1B}c\u{1B}[2J\u{1B}[Hok")
            XCTAssertEqual(surface.line(0), "ok", "seed \(seed)")
        }
    }

    /// Printable ASCII, wide CJK characters, spaces and hard newlines, in runs of any length.
    private static func randomText(_ random: inout SeededRandom, columns: Int) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<2:
                text += "\r\n"
            case 2..<4:
                let wide: [Character] = ["漢", "字", "語", "한", "あ"]
                for _ in 0..<Int.random(in: 1...columns, using: &random) {
                    text.append(wide.randomElement(using: &random)!)
                    if Bool.random(using: &random) { text += "a" }
                }
            default:
                for _ in 0..<Int.random(in: 0...(3 * columns), using: &random) {
                    text.append(Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))))
                }
            }
        }
        return text
    }

    func testALongLineRewrapsAtHalfTheWidthAndIsWholeAgainAtTheFirst() {
        let surface = VTermSurface(rows: 10, columns: 80)
        let long = String((0..<110).map { Character(Unicode.Scalar(UInt8(0x21 + $0 % 90))) })
        surface.write(long + "\r\n$ ")
        XCTAssertEqual(surface.lines[0], String(long.prefix(80)))
        surface.resize(rows: 10, columns: 40)
        XCTAssertEqual(Array(surface.lines[0..<4]), [String(long.prefix(40)), String(long.dropFirst(40).prefix(40)), String(long.dropFirst(80)), "$"])
        XCTAssertTrue(surface.isWrapped(line: surface.firstScreenLine))
        XCTAssertTrue(surface.isWrapped(line: surface.firstScreenLine + 1))
        XCTAssertFalse(surface.isWrapped(line: surface.firstScreenLine + 2))
        XCTAssertEqual([surface.cursor.row, surface.cursor.column], [3, 2])
        surface.resize(rows: 10, columns: 80)
        XCTAssertEqual(Array(surface.lines[0..<3]), [String(long.prefix(80)), String(long.dropFirst(80)), "$"])
        XCTAssertEqual([surface.cursor.row, surface.cursor.column], [2, 2])
        surface.resize(rows: 10, columns: 120)
        XCTAssertEqual(Array(surface.lines[0..<2]), [long, "$"], "the whole line on one row")
        XCTAssertEqual(surface.scrollbackCount, 0)
    }

    func testAWideCharacterIsNeverSplitAtTheWrapEdge() {
        let surface = VTermSurface(rows: 4, columns: 10)
        surface.write("012345678漢x")
        XCTAssertEqual(surface.lines[0..<2], ["012345678", "漢x"])
        surface.resize(rows: 4, columns: 11)
        XCTAssertEqual(surface.lines[0..<2], ["012345678漢", "x"])
        surface.resize(rows: 4, columns: 9)
        XCTAssertEqual(surface.lines[0..<2], ["012345678", "漢x"])
        surface.resize(rows: 4, columns: 10)
        XCTAssertEqual(surface.lines[0..<2], ["012345678", "漢x"])
        XCTAssertEqual(surface.cell(row: 0, column: 9).text, " ", "the last column stays empty: the character did not fit")
        XCTAssertEqual(surface.cell(row: 1, column: 0).width, 2)
    }

    func testTheCursorStaysOnItsWrappedPromptLine() {
        let surface = VTermSurface(rows: 6, columns: 20)
        surface.write("output\r\n$ " + String(repeating: "x", count: 30))
        XCTAssertEqual([surface.cursor.row, surface.cursor.column], [2, 12])
        surface.resize(rows: 6, columns: 40)
        XCTAssertEqual(surface.lines[0..<2], ["output", "$ " + String(repeating: "x", count: 30)])
        XCTAssertEqual([surface.cursor.row, surface.cursor.column], [1, 32])
        surface.resize(rows: 6, columns: 10)
        XCTAssertEqual([surface.cursor.row, surface.cursor.column], [4, 2])
        // What the program writes next goes on where its line ended.
        surface.write("yz")
        surface.resize(rows: 6, columns: 40)
        XCTAssertEqual(surface.lines[1], "$ " + String(repeating: "x", count: 30) + "yz")
    }

    func testACursorLeftPastTheLastColumnWrapsTheNextCharacter() {
        let surface = VTermSurface(rows: 5, columns: 20)
        surface.write("\u{1B}[1m$ " + String(repeating: "x", count: 18) + "\u{1B}[m")
        surface.resize(rows: 5, columns: 10)
        XCTAssertEqual(surface.lines[0..<2], ["$ xxxxxxxx", "xxxxxxxxxx"])
        XCTAssertEqual([surface.cursor.row, surface.cursor.column], [1, 9])
        surface.write("y")
        XCTAssertEqual(surface.lines[0..<3], ["$ xxxxxxxx", "xxxxxxxxxx", "y"], "y went on to the next row as it would have")
        XCTAssertTrue(surface.isWrapped(line: surface.firstScreenLine + 1))
        XCTAssertEqual(surface.cell(row: 1, column: 9).attributes, .bold, "the last x kept its own style")
    }

    func testTheAlternateScreenIsResizedNotReflowed() {
        let surface = VTermSurface(rows: 4, columns: 20)
        surface.write("\u{1B}[?1049h" + String(repeating: "a", count: 20) + "bbbbb")
        surface.resize(rows: 4, columns: 40)
        XCTAssertEqual(surface.lines[0..<2], [String(repeating: "a", count: 20), "bbbbb"], "the program redraws; nothing rejoins")
    }

    func testTheShellsScreenUnderAFullScreenProgramIsReflowedWhenTheProgramEnds() {
        let surface = VTermSurface(rows: 6, columns: 20)
        surface.write(String(repeating: "a", count: 30) + "\r\n$ ")
        surface.write("\u{1B}[?1049h\u{1B}[H\u{1B}[2Jvim")
        surface.resize(rows: 6, columns: 30)
        surface.resize(rows: 5, columns: 40)
        XCTAssertEqual(surface.line(0), "vim")
        surface.write("\u{1B}[?1049l")
        XCTAssertEqual(surface.lines, [String(repeating: "a", count: 30), "$", "", "", ""])
        XCTAssertEqual([surface.cursor.row, surface.cursor.column], [1, 2], "the cursor 1049 saved, where its text went")
        surface.write("x")
        XCTAssertEqual(surface.line(1), "$ x")
    }

    func testScrollbackLinesRejoinAndSplitAgain() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("abcdefghijklmnopqrstuvwxyz\r\none\r\ntwo\r\nthree")
        XCTAssertEqual(surface.scrollbackCount, 3)
        surface.resize(rows: 3, columns: 30)
        XCTAssertEqual(surface.scrollbackCount, 1)
        XCTAssertEqual(surface.scrollbackText(0), "abcdefghijklmnopqrstuvwxyz")
        XCTAssertEqual(surface.lines, ["one", "two", "three"])
        surface.resize(rows: 3, columns: 5)
        XCTAssertEqual((0..<surface.scrollbackCount).map(surface.scrollbackText), ["abcde", "fghij", "klmno", "pqrst", "uvwxy", "z"])
        XCTAssertEqual(surface.lines, ["one", "two", "three"])
    }

    func testBlankRowsUnderTheTextStayAfterAClear() {
        let surface = VTermSurface(rows: 5, columns: 10)
        surface.write("abcdefghijklmnopqrstuvwxyz\r\n" + "\u{1B}[H\u{1B}[2J$ ")
        surface.resize(rows: 5, columns: 20)
        XCTAssertEqual(surface.lines[0], "$", "the cleared screen stays cleared")
        XCTAssertEqual([surface.cursor.row, surface.cursor.column], [0, 2])
    }

    func testAWideningThatEmptiesTheScrollbackIsUndoneByNarrowingBack() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write(String(repeating: "w", count: 35) + "\r\n$ ")
        let first = Snapshot(surface)
        XCTAssertEqual(surface.scrollbackCount, 2)
        surface.resize(rows: 3, columns: 40)
        XCTAssertEqual(surface.scrollbackCount, 0)
        XCTAssertEqual(surface.lines, [String(repeating: "w", count: 35), "$", ""])
        surface.resize(rows: 3, columns: 10)
        XCTAssertEqual(Snapshot(surface), first)
    }

    func testCommandMarksMoveWithTheirTextWhenItRewraps() {
        let surface = VTermSurface(rows: 6, columns: 10)
        surface.write(
            "\u{1B}]133;A\u{07}$ \u{1B}]133;B\u{07}echo abcdefghijkl\r\n\u{1B}]133;C\u{07}abcdefghijkl\r\n"
                + "\u{1B}]133;D;0\u{07}\u{1B}]133;A\u{07}$ ")
        XCTAssertEqual(surface.commandBlocks.blocks.map(\.promptLine), [0, 4])
        surface.resize(rows: 6, columns: 20)
        XCTAssertEqual(surface.lines[0..<3], ["$ echo abcdefghijkl", "abcdefghijkl", "$"])
        XCTAssertEqual(surface.commandBlocks.blocks.map(\.promptLine), [0, 2])
        XCTAssertEqual(surface.commandBlocks.blocks.first?.outputLines, 1...1)
        surface.resize(rows: 6, columns: 10)
        XCTAssertEqual(surface.commandBlocks.blocks.map(\.promptLine), [0, 4])
        XCTAssertEqual(surface.commandBlocks.blocks.first?.outputLines, 2...3)
    }
}
