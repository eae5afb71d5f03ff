import Foundation
import XCTest
@testable import TermindPresentation
import TermindTestSupport

/// Feeds VTermSurface the raw bytes real programs wrote to an 80x24 pseudo-terminal (recorded
/// by Tests/Rig/record_terminal.py into Tests/Fixtures/terminal-recordings, see its README) and
/// checks what ends up on the screen. Every recording is also fed in small odd-sized pieces,
/// which must give exactly the same screen as feeding it whole.
final class RecordedProgramSnapshotTests: XCTestCase {
    // MARK: - ls --color=always -la

    func testLsListingPutsEachNameOnItsOwnLineInTheDefaultLsColours() throws {
        let surface = try Self.surface(fedWith: "ls-color")

        XCTAssertEqual(surface.line(0), "total 20")
        let expectedEndings = [".", "..", "docs", "link -> notes.txt", "notes.txt", "run.sh"]
        for (offset, ending) in expectedEndings.enumerated() {
            XCTAssertTrue(surface.line(1 + offset).hasSuffix(" " + ending), "row \(1 + offset): \(surface.line(1 + offset))")
        }
        XCTAssertTrue(surface.line(3).hasPrefix("drwxr-xr-x"))
        XCTAssertTrue(surface.line(4).hasPrefix("lrwxrwxrwx"))
        XCTAssertTrue(surface.line(6).hasPrefix("-rwxr-xr-x"))
        XCTAssertEqual(surface.line(7), "")
        XCTAssertEqual(surface.cursor, TerminalCursor(row: 7, column: 0, isVisible: true))

        // GNU ls's built-in colours (no LS_COLORS): di=01;34, ln=01;36, ex=01;32, files plain.
        let directory = Self.nameCells(surface, row: 3, name: "docs")
        let symlink = Self.nameCells(surface, row: 4, name: "link -> notes.txt")
        let file = Self.nameCells(surface, row: 5, name: "notes.txt")
        let executable = Self.nameCells(surface, row: 6, name: "run.sh")
        Self.assertStyle(directory, foreground: .indexed(4), attributes: [.bold], "directory")
        Self.assertStyle(Array(symlink.prefix(4)), foreground: .indexed(6), attributes: [.bold], "symlink")
        Self.assertStyle(Array(symlink.dropFirst(4)), foreground: .default, attributes: [], "symlink target")
        Self.assertStyle(file, foreground: .default, attributes: [], "plain file")
        Self.assertStyle(executable, foreground: .indexed(2), attributes: [.bold], "executable")
        // The permission columns are never coloured.
        Self.assertStyle(Array(surface.cells(row: 3).prefix(10)), foreground: .default, attributes: [], "mode")
    }

    // MARK: - vim -u NONE

    func testVimDrawsTheFileAndTildesOnTheAlternateScreenWhileRunning() throws {
        let bytes = try Self.recording("vim")
        let quitEcho = try XCTUnwrap(Self.index(of: ":q!", in: bytes), "vim echoes the :q! typed at its prompt")
        let surface = Self.feedWholeAndInPieces(Array(bytes[..<quitEcho]), name: "vim before :q!")

        XCTAssertTrue(surface.isAlternateScreen)
        XCTAssertEqual(surface.line(0), "first line of the sample")
        XCTAssertEqual(surface.line(1), "second line: hello, vim")
        XCTAssertEqual(surface.line(2), "third line ends here")
        for row in 3...22 {
            XCTAssertEqual(surface.line(row), "~", "row \(row)")
            // vim -u NONE colours NonText with the bright blue of xterm-256color's palette.
            XCTAssertEqual(surface.cell(row: row, column: 0).foreground, .indexed(12), "row \(row)")
        }
        XCTAssertEqual(surface.cell(row: 0, column: 0).foreground, .default)
        XCTAssertEqual(surface.line(23), "")
        // vim hid the cursor and left it on the message line it just cleared.
        XCTAssertEqual(surface.cursor, TerminalCursor(row: 23, column: 0, isVisible: false))
        // "before vim" belongs to the primary screen and is not drawn on the alternate one.
        XCTAssertFalse(surface.lines.contains("before vim"))
    }

    func testVimShowsItsFileMessageOnTheLastRowWhenItStarts() throws {
        let bytes = try Self.recording("vim")
        let firstProbe = try XCTUnwrap(Self.index(of: "\u{1b}[2;1H\u{25BD}", in: bytes))
        let surface = Self.feedWholeAndInPieces(Array(bytes[..<firstProbe]), name: "vim start")

        XCTAssertTrue(surface.isAlternateScreen)
        XCTAssertEqual(surface.line(23), "\"sample.txt\" 3L, 70B")
    }

    func testVimsCursorAndDeviceProbesGetLibvtermsAnswersInOrder() throws {
        let surface = try Self.surface(fedWith: "vim")
        let answers = String(decoding: surface.takeOutput(), as: UTF8.self)

        // vim writes U+25BD at row 2 and asks where the cursor is: one column on, so libvterm
        // treats that ambiguous-width character as narrow. Then it writes a DCS and `CSI 0%m` at
        // row 3 and asks again: both were swallowed whole, the cursor has not moved. Its `CSI >c`
        // gets libvterm's secondary device attributes; its OSC 10/11 colour queries get no answer.
        XCTAssertEqual(answers, "\u{1b}[2;2R\u{1b}[3;1R\u{1b}[>0;100;0c")
    }

    func testVimQuitRestoresThePrimaryScreenWithTheTextFromBeforeIt() throws {
        let bytes = try Self.recording("vim")
        let exit = try XCTUnwrap(Self.index(of: "\u{1b}[?1049l", in: bytes))
        let beforeExit = Self.feedWholeAndInPieces(Array(bytes[..<exit]), name: "vim before exit")
        XCTAssertTrue(beforeExit.isAlternateScreen)

        let surface = try Self.surface(fedWith: "vim")
        XCTAssertFalse(surface.isAlternateScreen)
        XCTAssertEqual(surface.line(0), "before vim")
        for row in 1..<24 {
            XCTAssertEqual(surface.line(row), "", "row \(row)")
        }
        // The cursor is back where it was when vim switched screens, and shown again.
        XCTAssertEqual(surface.cursor, TerminalCursor(row: 1, column: 0, isVisible: true))
        // Nothing of vim's screen reached scrollback.
        XCTAssertEqual(surface.scrollbackCount, 0)
    }

    // MARK: - top -n 1

    func testTopFrameHasItsSummaryLinesAndReverseVideoColumnHeader() throws {
        let bytes = try Self.recording("top")
        let exit = try XCTUnwrap(Self.index(of: "\u{1b}[25;1H", in: bytes), "top moves below the screen when it exits")
        let surface = Self.feedWholeAndInPieces(Array(bytes[..<exit]), name: "top frame")

        XCTAssertFalse(surface.isAlternateScreen, "procps top draws on the primary screen")
        XCTAssertTrue(surface.line(0).hasPrefix("top - "), surface.line(0))
        XCTAssertTrue(surface.line(0).contains("load average:"), surface.line(0))
        XCTAssertTrue(surface.line(1).hasPrefix("Tasks:"), surface.line(1))
        XCTAssertTrue(surface.line(2).hasPrefix("%Cpu(s):"), surface.line(2))
        XCTAssertTrue(surface.line(3).hasPrefix("MiB Mem :"), surface.line(3))
        XCTAssertTrue(surface.line(4).hasPrefix("MiB Swap:"), surface.line(4))
        XCTAssertEqual(surface.line(5), "")
        let header = surface.line(6)
        XCTAssertTrue(header.hasPrefix("  PID USER"), header)
        XCTAssertTrue(header.hasSuffix("COMMAND"), header)
        for column in 0..<header.count {
            XCTAssertTrue(surface.cell(row: 6, column: column).attributes.contains(.reverse), "header column \(column)")
        }
        // The numbers in the summary are bold, the labels are not.
        let tasks = surface.cells(row: 1)
        XCTAssertEqual(tasks[0].attributes, [])
        XCTAssertTrue(tasks.contains { $0.text.first?.isNumber == true && $0.attributes == [.bold] })
        // Every row below the header is a process: a PID, then its user.
        for row in 7..<24 {
            let fields = surface.line(row).split(separator: " ")
            XCTAssertNotNil(fields.first.flatMap { Int($0) }, "row \(row): \(surface.line(row))")
            XCTAssertEqual(surface.cell(row: row, column: 0).attributes, [], "row \(row)")
        }
        XCTAssertFalse(surface.cursor.isVisible, "top hides the cursor while drawing")
    }

    func testTopExitScrollsItsFirstLineIntoScrollbackAndShowsTheCursor() throws {
        let surface = try Self.surface(fedWith: "top")

        // `CSI 25;1H` is clamped to the last row, and the CR LF after it scrolls the frame up.
        XCTAssertEqual(surface.scrollbackCount, 1)
        XCTAssertTrue(surface.scrollbackText(0).hasPrefix("top - "), surface.scrollbackText(0))
        XCTAssertTrue(surface.line(0).hasPrefix("Tasks:"), surface.line(0))
        XCTAssertTrue(surface.line(5).hasPrefix("  PID USER"), surface.line(5))
        XCTAssertEqual(surface.line(23), "")
        XCTAssertEqual(surface.cursor, TerminalCursor(row: 23, column: 0, isVisible: true))
    }

    // MARK: - printf of wide characters and combining marks

    func testWideCharactersFillTwoCellsAndACombiningMarkJoinsItsBase() throws {
        let surface = try Self.surface(fedWith: "printf-wide")

        XCTAssertEqual(surface.line(0), "wide:日本語|")
        let wide = surface.cells(row: 0)
        for (offset, character) in ["日", "本", "語"].enumerated() {
            let column = 5 + 2 * offset
            XCTAssertEqual(wide[column].text, character)
            XCTAssertEqual(wide[column].width, 2)
            XCTAssertTrue(wide[column + 1].isWideContinuation, "column \(column + 1)")
        }
        XCTAssertEqual(wide[11].text, "|")

        XCTAssertEqual(surface.line(1), "emoji:😀|")
        let emoji = surface.cells(row: 1)
        XCTAssertEqual(emoji[6].text, "😀")
        XCTAssertEqual(emoji[6].width, 2)
        XCTAssertTrue(emoji[7].isWideContinuation)
        XCTAssertEqual(emoji[8].text, "|")

        XCTAssertEqual(surface.line(2), "combining:e\u{301}|")
        let combining = surface.cells(row: 2)
        XCTAssertEqual(Array(combining[10].text.unicodeScalars), ["e", "\u{301}"])
        XCTAssertEqual(combining[10].width, 1)
        XCTAssertEqual(combining[11].text, "|")

        XCTAssertEqual(surface.cursor, TerminalCursor(row: 3, column: 0, isVisible: true))
    }

    func testCursorStandsJustAfterWideAndCombiningCharacters() throws {
        let bytes = try Self.recording("printf-wide")
        let bars = bytes.indices.filter { bytes[$0] == UInt8(ascii: "|") }
        XCTAssertEqual(bars.count, 3)
        let expected = [(row: 0, column: 11), (row: 1, column: 8), (row: 2, column: 11)]
        for (bar, position) in zip(bars, expected) {
            let surface = Self.feedWholeAndInPieces(Array(bytes[..<bar]), name: "printf up to byte \(bar)")
            XCTAssertEqual(surface.cursor, TerminalCursor(row: position.row, column: position.column, isVisible: true))
        }
    }

    // MARK: - Fixtures

    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/terminal-recordings")

    private static func recording(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("\(name).bytes")))
    }

    private static func surface(fedWith name: String) throws -> VTermSurface {
        feedWholeAndInPieces(try recording(name), name: name)
    }

    /// Feeds `bytes` to fresh 80x24 surfaces whole, in 7-byte pieces and in seeded random pieces
    /// of 1 to 13 bytes; asserts all three end up identical and returns the one fed whole.
    private static func feedWholeAndInPieces(
        _ bytes: [UInt8], name: String, file: StaticString = #filePath, line: UInt = #line
    ) -> VTermSurface {
        let whole = VTermSurface(rows: 24, columns: 80)
        whole.write(bytes)
        let expected = Snapshot(whole)

        var sevens: [Int] = []
        var remaining = bytes.count
        while remaining > 0 {
            sevens.append(min(7, remaining))
            remaining -= 7
        }
        var generator = SeededRandom(seed: 0x7E41_11D5)
        var randoms: [Int] = []
        remaining = bytes.count
        while remaining > 0 {
            let size = min(Int(generator.next() % 13) + 1, remaining)
            randoms.append(size)
            remaining -= size
        }
        for (label, sizes) in [("7-byte", sevens), ("random", randoms)] {
            let pieces = VTermSurface(rows: 24, columns: 80)
            var start = 0
            for size in sizes {
                pieces.write(Array(bytes[start..<start + size]))
                start += size
            }
            XCTAssertEqual(Snapshot(pieces), expected, "\(name) fed in \(label) pieces differs from fed whole", file: file, line: line)
        }
        return whole
    }

    private static func index(of text: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// The cells of `name` at the end of `row`.
    private static func nameCells(_ surface: VTermSurface, row: Int, name: String) -> [TerminalCell] {
        let end = surface.line(row).count
        return Array(surface.cells(row: row)[(end - name.count)..<end])
    }

    private static func assertStyle(
        _ cells: [TerminalCell], foreground: TerminalColor, attributes: CellAttributes, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertFalse(cells.isEmpty, what, file: file, line: line)
        for cell in cells {
            XCTAssertEqual(cell.foreground, foreground, "\(what) '\(cell.text)'", file: file, line: line)
            XCTAssertEqual(cell.background, .default, "\(what) '\(cell.text)'", file: file, line: line)
            XCTAssertEqual(cell.attributes, attributes, "\(what) '\(cell.text)'", file: file, line: line)
        }
    }
}

/// Everything a surface shows or has said, for comparing two surfaces.
private struct Snapshot: Equatable {
    let cells: [[TerminalCell]]
    let scrollback: [[TerminalCell]]
    let cursor: TerminalCursor
    let isAlternateScreen: Bool
    let title: String
    let output: [UInt8]

    init(_ surface: VTermSurface) {
        cells = (0..<surface.rows).map { surface.cells(row: $0) }
        scrollback = (0..<surface.scrollbackCount).map { surface.scrollbackLine($0) }
        cursor = surface.cursor
        isAlternateScreen = surface.isAlternateScreen
        title = surface.title
        output = surface.output
    }
}
