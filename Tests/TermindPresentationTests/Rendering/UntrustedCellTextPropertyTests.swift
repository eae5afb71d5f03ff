import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

@testable import TermindPresentation

/// Random bytes wherever untrusted text reaches a cell (a remote program's output and its
/// OSC 0/2 title and OSC 7 directory in a pane, a failure detail, Navigator entries, tab and
/// status bar text, a keyboard-interactive dialog's name, instruction, prompt and origin, and
/// cells set directly): the bytes the renderer writes hold no ESC but its own CSI sequences (so
/// no OSC, DCS or other escape), no C1 and no C0 but CR, LF and BS, in a first frame and in the
/// diff of a second. `cases` random cases from a fresh seed, named in any failure. (Test
/// methods on the main actor must be async: XCTest on Linux cannot call synchronous ones.)
@MainActor
final class UntrustedCellTextPropertyTests: XCTestCase {
    static let cases = 250

    private func drawEverything(_ samples: inout UntrustedTextSamples) -> CellBuffer {
        var buffer = CellBuffer(width: 100, height: 30)
        TabBar.draw([samples.text(), samples.text()], selected: 0, into: &buffer)

        let pane = TerminalPane(paneID: PaneID(), hostLabel: "web", size: CellSize(columns: 68, rows: 12))
        pane.status = .connected
        pane.surface.write(samples.bytes(maxLength: 60))
        pane.surface.write(Array("\u{1B}]0;".utf8) + samples.bytes() + [0x07])
        pane.surface.write(Array("\u{1B}]7;file://host/".utf8) + samples.bytes() + [0x07])
        pane.surface.write(Array("\u{1B}]52;c;".utf8) + samples.bytes() + [0x07])
        pane.surface.write(Array("\u{1B}P".utf8) + samples.bytes() + Array("\u{1B}\\".utf8))
        pane.surface.write(samples.bytes(maxLength: 60))
        _ = pane.draw(into: &buffer, in: CellRect(column: 30, row: 1, columns: 70, rows: 14), context: PaneDrawContext(number: 1, isFocused: true, isZoomed: false))

        let failed = TerminalPane(paneID: PaneID(), hostLabel: samples.text(), size: CellSize(columns: 68, rows: 12))
        failed.status = .failed(samples.text())
        _ = failed.draw(into: &buffer, in: CellRect(column: 30, row: 15, columns: 70, rows: 14), context: PaneDrawContext(number: 2, isFocused: false, isZoomed: false))

        var entries: [Navigator.Entry] = [.heading(samples.text()), .workspace(index: 0, name: samples.text()), .note(samples.text())]
        if let host = try? Host(label: Label("web"), hostname: samples.text(), port: Port(22), username: nil) { entries.append(.host(host)) }
        NavigatorView.draw(Navigator(), entries: NavigatorEntries(entries), hasFocus: true, selectedWorkspace: 0,
                           in: CellRect(column: 0, row: 1, columns: 29, rows: 28), into: &buffer)

        StatusBar(workspace: samples.text(), pane: samples.text(), message: samples.text(), awaitingPrefix: nil,
                  pendingInteractions: 1, activeTransfers: 0, helpKeys: nil).draw(into: &buffer, row: 29)

        let round = KeyboardInteractiveRound(
            name: samples.text(), instruction: samples.text(maxLength: 40),
            prompts: [KeyboardInteractivePrompt(text: samples.text(), echo: true)])
        let interaction = Interaction(connectionLabel: samples.text(), generation: .next(), request: .keyboardInteractive(round))
        _ = InteractionDialogView.draw(InteractionDialog(interaction, origin: samples.text()), in: buffer.bounds, into: &buffer)

        for _ in 0..<4 {
            let column = Int.random(in: 0..<buffer.width, using: &samples), row = Int.random(in: 0..<buffer.height, using: &samples)
            buffer.set(TerminalCell(text: samples.text(maxLength: 2), width: Int.random(in: 1...2, using: &samples)), column: column, row: row, isChrome: false)
        }
        return buffer
    }

    private func assertOnlyTheRenderersOwnSequences(_ bytes: [UInt8], seed: UInt64, case number: Int, file: StaticString = #filePath, line: UInt = #line) {
        if let violation = TerminalOutputCheck.violation(in: bytes, allowedControls: [0x0A, 0x0D, 0x08], allowsRenderersCSI: true) {
            XCTFail("seed \(seed), case \(number): \(violation)", file: file, line: line)
        }
    }

    func testNoControlFromCellTextReachesTheOuterTerminal() async {
        var samples = UntrustedTextSamples()
        for number in 0..<Self.cases {
            for depth in [TerminalCapabilities.ColorDepth.truecolor, .palette256] {
                var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: depth))
                let first = renderer.render(drawEverything(&samples), cursor: ScreenCursor(row: 3, column: 40))
                assertOnlyTheRenderersOwnSequences(first, seed: samples.seed, case: number)
                let second = renderer.render(drawEverything(&samples), cursor: ScreenCursor(row: 20, column: 10))
                assertOnlyTheRenderersOwnSequences(second, seed: samples.seed, case: number)
            }
        }
    }

    func testAPanesClipboardRequestIsDroppedAndItsTitleShowsEscapedInThePaneNotTheOuterTitle() async {
        let pane = TerminalPane(paneID: PaneID(), hostLabel: "web", size: CellSize(columns: 60, rows: 5))
        pane.status = .connected
        pane.surface.write(Array("\u{1B}]52;c;cm0gLXJmIC8K\u{07}\u{1B}]0;PWNED\u{202E}txt\u{07}hello".utf8))
        var buffer = CellBuffer(width: 62, height: 8)
        _ = pane.draw(into: &buffer, in: buffer.bounds, context: PaneDrawContext(number: 1, isFocused: true, isZoomed: false))
        // The parser in front of libvterm drops the reordering character from the title; the
        // title shows, and nothing of it can reorder or control the line.
        XCTAssertTrue(buffer.line(0).contains("PWNED"), buffer.line(0))
        XCTAssertFalse(buffer.line(0).contains("\u{202E}"), buffer.line(0))
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: .truecolor))
        let bytes = renderer.render(buffer, cursor: ScreenCursor(row: 1, column: 0))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(text.contains("]52;") || text.contains("]0;") || text.contains("]2;"), text.debugDescription)
        XCTAssertFalse(text.contains("cm0gLXJmIC8K"), "the clipboard request's payload reached the terminal")
        XCTAssertNil(TerminalOutputCheck.violation(in: bytes, allowedControls: [0x0A, 0x0D, 0x08], allowsRenderersCSI: true))
    }

    func testTheCheckCatchesAControlThatWouldReachTheTerminal() async {
        // The property above is only as good as its check.
        XCTAssertNil(TerminalOutputCheck.violation(in: Array("\u{1B}[?2026h\u{1B}[1;2Hab\u{1B}[0 q".utf8), allowsRenderersCSI: true))
        for bad in ["\u{1B}]0;x\u{07}", "\u{1B}P+q\u{1B}\\", "\u{1B}[2Jx\u{1B}]52;c;aGk=\u{07}", "a\u{9B}2J", "a\u{07}"] {
            XCTAssertNotNil(TerminalOutputCheck.violation(in: Array(bad.utf8), allowsRenderersCSI: true), bad.debugDescription)
        }
        XCTAssertNotNil(TerminalOutputCheck.violation(in: [0x61, 0x9B, 0x32, 0x4A], allowsRenderersCSI: true))
    }
}
