import Foundation
import TermindApplication
import TermindDomain
import XCTest
@testable import TermindPresentation

/// With the shell integration's marks, a pane knows where each command's prompt and output
/// are: copy mode jumps between prompts, selects and copies a command's output, and the view
/// marks the prompt of a failed command. Fake or flooding marks from a server only move marks.
@MainActor
final class PromptJumpTests: XCTestCase {
    private let size = CellSize(columns: 40, rows: 8)

    private static func command(_ line: String, output: [String], status: Int) -> String {
        "\u{1B}]133;A\u{07}$ \u{1B}]133;B\u{07}\(line)\r\n\u{1B}]133;C\u{07}"
            + output.map { "\($0)\r\n" }.joined() + "\u{1B}]133;D;\(status)\u{07}"
    }

    /// Filler that scrolls into the scrollback, then `echo one`, `false`, `seq 3`, and a prompt.
    private static let session =
        (1...20).map { "boot \($0)\r\n" }.joined()
        + command("echo one", output: ["one"], status: 0)
        + command("false", output: [], status: 1)
        + command("seq 3", output: ["1", "2", "3"], status: 0)
        + "\u{1B}]133;A\u{07}$ \u{1B}]133;B\u{07}"

    private func pane(session: String = session) throws -> TerminalPane {
        let pane = TerminalPane(paneID: PaneID(), hostLabel: "web", size: size)
        let effects = pane.update(.connect)
        let asked = effects.lazy.compactMap { if case .connect(_, let generation, _, _) = $0 { generation } else { nil } }.first
        let generation = try XCTUnwrap(asked, "no connect effect: \(effects)")
        _ = pane.update(.shellOpened(generation, at: Date(), allowsClipboardWrites: false))
        _ = pane.update(.output(generation, Array(session.utf8)))
        return pane
    }

    private func text(of pane: TerminalPane, line: Int) -> String {
        String(pane.surface.cells(line: line).map(\.text).joined().reversed().drop { $0 == " " }.reversed())
    }

    private func typed(_ pane: TerminalPane, _ text: String) -> [PaneEffect] {
        text.flatMap { pane.update(.key(KeyPress(.character($0)))) }
    }

    private func copied(_ effects: [PaneEffect]) -> String? {
        effects.lazy.compactMap { if case .copy(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }.first
    }

    func testPreviousPromptEntersCopyModeAndBracesWalkThePromptsShowingEachAtTheTop() async throws {
        let pane = try pane()
        XCTAssertEqual(pane.update(.previousPrompt), [])
        XCTAssertTrue(pane.isScrolling)
        var line = try XCTUnwrap(pane.copyMode?.cursor.line)
        XCTAssertEqual(text(of: pane, line: line), "$ seq 3")
        XCTAssertEqual(pane.viewTop, min(line, pane.surface.firstScreenLine), "the prompt shows at the view's top, or the live screen does")
        XCTAssertEqual(typed(pane, "{"), [])
        line = try XCTUnwrap(pane.copyMode?.cursor.line)
        XCTAssertEqual(text(of: pane, line: line), "$ false")
        _ = typed(pane, "{")
        line = try XCTUnwrap(pane.copyMode?.cursor.line)
        XCTAssertEqual(text(of: pane, line: line), "$ echo one")
        XCTAssertEqual(pane.viewTop, line)
        XCTAssertEqual(typed(pane, "{"), [.message("no earlier prompt in the scrollback")])
        XCTAssertEqual(pane.copyMode?.cursor.line, line, "stays put")
        _ = typed(pane, "}}")
        XCTAssertEqual(text(of: pane, line: try XCTUnwrap(pane.copyMode?.cursor.line)), "$ seq 3")
        _ = typed(pane, "}")
        XCTAssertEqual(pane.copyMode?.cursor.line, pane.surface.firstScreenLine + pane.surface.cursor.row, "the live prompt")
        XCTAssertEqual(typed(pane, "}"), [.message("no later prompt")])
    }

    func testOSelectsTheOutputOfTheCommandUnderTheCursorAndYCopiesIt() async throws {
        let pane = try pane()
        _ = pane.update(.previousPrompt)
        XCTAssertEqual(typed(pane, "o"), [])
        XCTAssertEqual(pane.copyMode?.kind, .line)
        XCTAssertEqual(copied(typed(pane, "y")), "1\n2\n3")
        _ = pane.update(.previousPrompt)
        _ = typed(pane, "{")
        XCTAssertEqual(typed(pane, "o"), [.message("this command wrote nothing to select")], "false printed nothing")
        _ = typed(pane, "{jo")  // on echo one's output line: the same command
        XCTAssertEqual(copied(typed(pane, "y")), "one")
    }

    func testCopyOutputCopiesTheLastCommandsOutputFromTheLiveScreen() async throws {
        let pane = try pane()
        XCTAssertEqual(copied(pane.update(.copyCommandOutput)), "1\n2\n3")
        XCTAssertFalse(pane.isScrolling, "nothing to look at: the copy is done")
    }

    func testAnOutputWithoutAFinalNewlineKeepsItsLastLine() async throws {
        let session = "\u{1B}]133;A\u{07}$ \u{1B}]133;B\u{07}printf ab\r\n\u{1B}]133;C\u{07}ab\u{1B}]133;D;0\u{07}\r\n\u{1B}]133;A\u{07}$ "
        let pane = try pane(session: session)
        XCTAssertEqual(copied(pane.update(.copyCommandOutput)), "ab")
    }

    func testWithoutShellIntegrationTheJumpsSayWhatTheyNeed() async throws {
        let pane = try pane(session: "$ ls\r\nfile\r\n$ ")
        let needs = PaneEffect.message("no prompts marked in this pane: it needs the shell integration (bash or zsh)")
        XCTAssertEqual(pane.update(.previousPrompt), [needs])
        XCTAssertFalse(pane.isScrolling)
        XCTAssertEqual(pane.update(.copyCommandOutput), [needs])
    }

    func testAFailedCommandsPromptIsMarkedInTheLastColumnAndOthersAreNot() async throws {
        let pane = try pane()
        _ = pane.update(.previousPrompt)
        _ = typed(pane, "{")
        let prompt = try XCTUnwrap(pane.copyMode?.cursor.line) - pane.viewTop
        pane.refreshRows()  // as drawing does
        let rows = FailedCommandMark.apply(
            to: pane.visibleRows(), top: pane.viewTop, columns: pane.surface.columns, blocks: pane.surface.commandBlocks)
        let last = pane.surface.columns - 1
        let marked = rows.indices.filter { rows[$0].count > last && rows[$0][last].text == FailedCommandMark.symbol }
        XCTAssertEqual(marked, [prompt], "only the prompt of `false`")
        guard marked == [prompt] else { return }
        XCTAssertEqual(rows[prompt][last].background, FailedCommandMark.colours.background)
        XCTAssertEqual(rows[prompt].prefix(7).map(\.text).joined(), "$ false", "the text stays")
    }

    func testASessionFedOneByteAtATimePlacesTheSameBlocks() async throws {
        let whole = VTermSurface(rows: 8, columns: 40)
        whole.write(Array(Self.session.utf8))
        let split = VTermSurface(rows: 8, columns: 40)
        for byte in Self.session.utf8 { split.write([byte]) }
        XCTAssertEqual(split.commandBlocks, whole.commandBlocks)
        XCTAssertEqual(whole.commandBlocks.blocks.map(\.exitStatus), [0, 1, 0, nil])
    }

    func testAFloodOfFakeMarksStaysBoundedAndMarksOnTheAlternateScreenAreIgnored() async {
        let surface = VTermSurface(rows: 8, columns: 40)
        let flood = (0..<5_000).map { _ in "\u{1B}]133;A\u{07}x\r\n" }.joined()
        surface.write(Array(flood.utf8))
        XCTAssertLessThanOrEqual(surface.commandBlocks.blocks.count, CommandBlocks.limit)
        XCTAssertEqual(surface.commandBlocks.blocks.first.map { $0.promptLine >= surface.lineNumbers.lowerBound }, true)
        let before = surface.commandBlocks
        surface.write(Array("\u{1B}[?1049h\u{1B}]133;A\u{07}\u{1B}]133;C\u{07}\u{1B}]133;D;1\u{07}\u{1B}[?1049l".utf8))
        XCTAssertEqual(surface.commandBlocks, before, "vim's screen is not the shell's text")
    }

    func testAnEndWithoutAStartOrBeforeItsStartIsIgnored() async {
        var blocks = CommandBlocks()
        blocks.note(.promptStarted, at: TextPosition(line: 5, column: 0), firstLine: 0)
        blocks.note(.commandEnded(exitStatus: 1, durationMilliseconds: nil), at: TextPosition(line: 6, column: 0), firstLine: 0)
        XCTAssertNil(blocks.blocks.last?.outputEnd, "no command started")
        blocks.note(.commandStarted(commandLine: nil), at: TextPosition(line: 6, column: 0), firstLine: 0)
        blocks.note(.commandEnded(exitStatus: 1, durationMilliseconds: nil), at: TextPosition(line: 2, column: 0), firstLine: 0)
        XCTAssertNil(blocks.blocks.last?.outputEnd, "an end above its start is a fake")
        XCTAssertEqual(blocks.failedPrompts(in: 0..<100), [])
    }
}
