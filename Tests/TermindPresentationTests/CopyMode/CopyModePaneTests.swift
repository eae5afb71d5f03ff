import Foundation
import TermindApplication
import TermindDomain
import XCTest
@testable import TermindPresentation

/// Copy mode and find in a terminal pane, driven by events as the workbench drives it: keys
/// select and copy (a `.copy` effect with the text), find moves the cursor and the view and
/// counts, the mouse drags a selection, and what is highlighted is painted in the pane's view.
@MainActor
final class CopyModePaneTests: XCTestCase {
    private let size = CellSize(columns: 40, rows: 6)

    /// A connected pane on `web` that printed `lines`, the cursor on a prompt line after them.
    private func pane(printing lines: [String]) throws -> (TerminalPane, AttemptGeneration) {
        let pane = TerminalPane(paneID: PaneID(), hostLabel: "web", size: size)
        let effects = pane.update(.connect)
        let asked = effects.lazy.compactMap { if case .connect(_, let generation, _, _) = $0 { generation } else { nil } }.first
        let generation = try XCTUnwrap(asked, "no connect effect: \(effects)")
        _ = pane.update(.shellOpened(generation, at: Date(), allowsClipboardWrites: false))
        _ = pane.update(.output(generation, Array((lines + ["$ "]).joined(separator: "\r\n").utf8)))
        return (pane, generation)
    }

    private func keys(_ pane: TerminalPane, _ presses: KeyPress...) -> [PaneEffect] {
        presses.flatMap { pane.update(.key($0)) }
    }

    private func typed(_ pane: TerminalPane, _ text: String) -> [PaneEffect] {
        text.flatMap { pane.update(.key(KeyPress(.character($0)))) }
    }

    private func copied(_ effects: [PaneEffect]) -> String? {
        effects.lazy.compactMap { if case .copy(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }.first
    }

    func testVMovesAndYCopyTheSelectionAndLeaveCopyMode() async throws {
        let (pane, _) = try pane(printing: ["first line", "second line", "third"])
        XCTAssertEqual(pane.update(.copyMode), [])
        XCTAssertTrue(pane.isScrolling)
        XCTAssertEqual(pane.copyMode?.cursor, TextPosition(line: pane.surface.firstScreenLine + 3, column: 2), "where the terminal's cursor is")
        XCTAssertEqual(typed(pane, "kk0wv$"), [], "nothing goes to the remote")
        XCTAssertEqual(pane.statusHint, "copy mode: move to extend, y or Enter copies, Esc clears")
        XCTAssertEqual(copied(typed(pane, "y")), "line")
        XCTAssertFalse(pane.isScrolling)
        XCTAssertEqual(pane.scrollOffset, 0)
    }

    func testVSelectsWholeLinesCtrlVABlockAndEnterCopiesToo() async throws {
        let (pane, _) = try pane(printing: ["alpha 1", "beta  2", "gamma 3"])
        _ = pane.update(.copyMode)
        _ = typed(pane, "kkkV")
        XCTAssertEqual(copied(keys(pane, KeyPress(.down), KeyPress(.enter))), "alpha 1\nbeta  2")
        _ = pane.update(.copyMode)
        _ = typed(pane, "kkk$")
        _ = keys(pane, KeyPress(.character("v"), modifiers: .control))
        XCTAssertEqual(copied(typed(pane, "jjy")), "1\n2\n3")
    }

    func testLinesSelectedByNumberAreShownAndCopiedWhole() async throws {
        let lines = (1...30).map { "output \($0)" }
        let (pane, _) = try pane(printing: lines)
        let first = pane.surface.lineNumbers.lowerBound
        pane.selectLines((first + 2)...(first + 4))
        XCTAssertTrue(pane.isScrolling)
        XCTAssertGreaterThan(pane.scrollOffset, 0, "scrolled back to show them")
        XCTAssertEqual(copied(typed(pane, "y")), "output 3\noutput 4\noutput 5")
    }

    func testEscapeClearsTheSelectionThenLeavesAndYWithoutOneSaysHow() async throws {
        let (pane, _) = try pane(printing: ["text"])
        _ = pane.update(.copyMode)
        XCTAssertEqual(typed(pane, "y"), [.message("nothing selected: v, V or C-v starts a selection")])
        _ = typed(pane, "v")
        _ = keys(pane, KeyPress(.escape))
        XCTAssertNil(pane.copyMode?.anchor)
        XCTAssertTrue(pane.isScrolling)
        _ = keys(pane, KeyPress(.escape))
        XCTAssertFalse(pane.isScrolling)
    }

    func testFindScrollsTheViewToTheMatchCountsAndStepsWithNAndEnter() async throws {
        let lines = (1...40).map { $0 % 10 == 0 ? "needle \($0)" : "hay \($0)" }
        let (pane, generation) = try pane(printing: lines)
        XCTAssertEqual(pane.update(.find), [])
        XCTAssertEqual(pane.statusHint, "find: Enter keeps, M-r regex, M-c case, Esc cancels")
        _ = typed(pane, "needle")
        XCTAssertEqual(pane.copyMode?.find?.countText, "4 of 4")
        XCTAssertEqual(copiedLine(pane), "needle 40")
        _ = keys(pane, KeyPress(.enter))
        XCTAssertEqual(pane.copyMode?.find?.isEditing, false)
        _ = typed(pane, "n")
        XCTAssertEqual(pane.copyMode?.find?.countText, "3 of 4")
        _ = typed(pane, "n")
        XCTAssertEqual(copiedLine(pane), "needle 20")
        XCTAssertGreaterThan(pane.scrollOffset, 0, "the view went back to show it")
        let shown = pane.viewTop..<(pane.viewTop + pane.surface.rows)
        XCTAssertTrue(shown.contains(pane.copyMode!.cursor.line))
        _ = keys(pane, KeyPress(.enter, modifiers: .shift))
        XCTAssertEqual(pane.copyMode?.find?.countText, "3 of 4", "Shift-Enter comes back down")
        _ = keys(pane, KeyPress(.enter))
        _ = typed(pane, "nn")
        XCTAssertEqual(pane.copyMode?.find?.countText, "4 of 4", "past the oldest it wraps to the newest")

        // Output arriving leaves the matches on their text; the next step searches it too.
        _ = pane.update(.output(generation, Array("\r\nneedle 41\r\n$ ".utf8)))
        XCTAssertEqual(pane.copyMode?.find?.matches.count, 4)
        XCTAssertEqual(copiedLine(pane), "needle 40")
        _ = typed(pane, "N")
        XCTAssertEqual(pane.copyMode?.find?.countText, "5 of 5")
        XCTAssertEqual(copiedLine(pane), "needle 41")
    }

    /// The text of the line under copy mode's cursor.
    private func copiedLine(_ pane: TerminalPane) -> String? {
        pane.copyMode.map { VTermSurface.text(of: pane.surface.cells(line: $0.cursor.line)) }
    }

    func testTheFindPromptTogglesRegexAndCaseAndExplainsABadPattern() async throws {
        let (pane, _) = try pane(printing: ["Port 22", "port 80"])
        _ = pane.update(.find)
        _ = typed(pane, "port [0-9")
        XCTAssertEqual(pane.copyMode?.find?.countText, "no matches", "a literal so far")
        _ = keys(pane, KeyPress(.character("r"), modifiers: .alt))
        XCTAssertEqual(pane.copyMode?.find?.countText, "bad regex: expected ']'")
        _ = typed(pane, "]+")
        XCTAssertEqual(pane.copyMode?.find?.countText, "2 of 2")
        _ = keys(pane, KeyPress(.character("c"), modifiers: .alt))
        XCTAssertEqual(pane.copyMode?.find?.countText, "1 of 1")

        var buffer = CellBuffer(width: 40, height: 7)
        _ = pane.draw(into: &buffer, in: buffer.bounds, context: PaneDrawContext(number: 1, isFocused: true, isZoomed: false))
        XCTAssertTrue(buffer.line(6).hasPrefix("/port [0-9]+"), buffer.line(6))
        XCTAssertTrue(buffer.line(6).hasSuffix("[regex] [Aa] 1 of 1"), buffer.line(6))
    }

    func testAPasteWhileTypingAQueryJoinsItAndSlashStartsANewOne() async throws {
        let (pane, _) = try pane(printing: ["pasted text", "other"])
        _ = pane.update(.find)
        XCTAssertEqual(pane.update(.paste(Array("pasted\nsecond line".utf8))), [], "nothing goes to the remote")
        XCTAssertEqual(pane.copyMode?.find?.query.pattern, "pasted")
        XCTAssertEqual(pane.copyMode?.find?.countText, "1 of 1")
        _ = keys(pane, KeyPress(.enter), KeyPress(.character("r"), modifiers: .alt))
        _ = typed(pane, "/")
        XCTAssertEqual(pane.copyMode?.find?.query, FindQuery(pattern: "", isRegex: true), "a new query, the options kept")
    }

    func testEscapeInTheFindPromptLeavesCopyModeOpenedForIt() async throws {
        let (pane, _) = try pane(printing: ["one"])
        _ = pane.update(.find)
        _ = typed(pane, "one")
        _ = keys(pane, KeyPress(.escape))
        XCTAssertFalse(pane.isScrolling)
        XCTAssertTrue(pane.acceptsPlainText)

        _ = pane.update(.copyMode)
        _ = typed(pane, "/one")
        _ = keys(pane, KeyPress(.escape))
        XCTAssertTrue(pane.isScrolling, "copy mode was on before the find")
        XCTAssertNil(pane.copyMode?.find)
    }

    func testMatchesTheCurrentOneAndTheSelectionArePaintedInTheView() async throws {
        let (pane, _) = try pane(printing: ["ab ab ab"])
        _ = pane.update(.find)
        _ = typed(pane, "ab")
        _ = keys(pane, KeyPress(.enter))
        var buffer = CellBuffer(width: 40, height: 7)
        _ = pane.draw(into: &buffer, in: buffer.bounds, context: PaneDrawContext(number: 1, isFocused: true, isZoomed: false))
        let row = Array(buffer.cells(row: 1))
        XCTAssertEqual(row[0].background, CopyModeHighlights.match.background)
        XCTAssertEqual(row[2].background, .default)
        XCTAssertEqual(row[6].background, CopyModeHighlights.currentMatch.background, "the newest match is the current one")
        XCTAssertEqual(row[7].background, CopyModeHighlights.currentMatch.background)
        _ = typed(pane, "vl")
        _ = pane.draw(into: &buffer, in: buffer.bounds, context: PaneDrawContext(number: 1, isFocused: true, isZoomed: false))
        let selected = Array(buffer.cells(row: 1))
        XCTAssertEqual(selected[6].background, CopyModeHighlights.selection.background)
        XCTAssertEqual(selected[7].background, CopyModeHighlights.selection.background)
        XCTAssertEqual(selected[8].background, .default)
        XCTAssertEqual(selected[6].text, "a", "the text stays")
    }

    func testAMouseDragSelectsAndLettingGoCopies() async throws {
        let (pane, _) = try pane(printing: ["drag me please", "second"])
        XCTAssertEqual(pane.update(.mouse(MouseEvent(kind: .press(.left), column: 0, row: 0), row: 0, column: 5)), [])
        XCTAssertFalse(pane.isScrolling, "a press alone selects nothing")
        _ = pane.update(.mouse(MouseEvent(kind: .drag(.left), column: 0, row: 0), row: 0, column: 8))
        XCTAssertTrue(pane.isScrolling)
        _ = pane.update(.mouse(MouseEvent(kind: .drag(.left), column: 0, row: 0), row: 1, column: 2))
        let effects = pane.update(.mouse(MouseEvent(kind: .release(.left), column: 0, row: 0), row: 1, column: 2))
        XCTAssertEqual(copied(effects), "me please\nsec")
        XCTAssertFalse(pane.isScrolling)
    }

    func testAProgramThatTookTheMouseGetsTheDragInstead() async throws {
        let (pane, generation) = try pane(printing: ["vim"])
        _ = pane.update(.output(generation, Array("\u{1B}[?1002h\u{1B}[?1006h".utf8)))
        _ = pane.update(.mouse(MouseEvent(kind: .press(.left), column: 0, row: 0), row: 0, column: 1))
        let effects = pane.update(.mouse(MouseEvent(kind: .drag(.left), column: 0, row: 0), row: 0, column: 3))
        XCTAssertEqual(effects, [.send(Array("\u{1B}[<32;4;1M".utf8))])
        XCTAssertFalse(pane.isScrolling)
    }

    func testAPasteIsBracketedOnlyWhenTheProgramAskedForIt() async throws {
        let (pane, generation) = try pane(printing: [])
        XCTAssertEqual(pane.update(.paste(Array("ls -l\nx".utf8))), [.send(Array("ls -l\rx".utf8))])
        _ = pane.update(.output(generation, Array("\u{1B}[?2004h".utf8)))
        XCTAssertEqual(pane.update(.paste(Array("ls -l".utf8))), [.send(Array("\u{1B}[200~ls -l\u{1B}[201~".utf8))])
    }
}
