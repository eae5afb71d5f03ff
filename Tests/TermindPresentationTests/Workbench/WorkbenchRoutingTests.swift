import TermindApplication
import TermindDomain
import XCTest
@testable import TermindPresentation

/// The workbench's routing, driven by input events alone against a recording pane kind: what
/// reaches the focused pane and in what form, the sizes panes are given when the layout
/// changes (and only then), and the effects a pane returns run by the workbench. No terminal,
/// no connection.
@MainActor
final class WorkbenchRoutingTests: WorkbenchTestCase {
    /// A workbench whose focused pane is a `RecordingPane`, with the Navigator hidden so the
    /// pane spans the screen (100×30: 100×28 for the Workspace, 100×27 below the title line).
    private func startRecording() async throws -> RecordingPane {
        try await start(hosts: [])
        let pane = RecordingPane(paneID: workbench.workspace.focusedPaneID)
        workbench.install(pane)
        prefixed(.character("w"))  // the Navigator takes focus,
        prefixed(.character("w"))  // then hides
        return pane
    }

    func testPlainTextGoesToTheFocusedPaneAsOneTypedRunAndOtherKeysAsKeys() async throws {
        let pane = try await startRecording()
        workbench.handle("ls -l".map { InputEvent.key(KeyPress(.character($0))) } + [.key(KeyPress(.enter))])
        guard pane.routed.count >= 2, case .typed(let bytes) = pane.routed[pane.routed.count - 2],
              case .key(let enter) = pane.routed[pane.routed.count - 1]
        else { return XCTFail("events: \(pane.routed)") }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "ls -l", "one run, not five keys")
        XCTAssertEqual(enter.key, .enter)

        pane.acceptsPlainText = false
        type("ab")
        XCTAssertTrue(pane.typedText.hasSuffix("ls -l<enter>ab"), pane.typedText)
        XCTAssertEqual(pane.routed.suffix(2).count { if case .key = $0 { true } else { false } }, 2, "a pane that does not take plain text gets each key")
    }

    func testBoundKeysActOnTheWorkbenchAndNeverReachThePane() async throws {
        let pane = try await startRecording()
        let before = pane.typedText
        prefixed(.character("?"))
        XCTAssertTrue(screenText.contains("Key bindings"), screenText)
        press(.escape)
        XCTAssertEqual(pane.typedText, before, "the prefix, ? and the Escape closing help stayed in the workbench")
    }

    func testAResizeGivesThePaneItsNewContentSizeOnceAndFramesGiveNothing() async throws {
        let pane = try await startRecording()
        XCTAssertEqual(pane.sizes.last, CellSize(columns: 100, rows: 27))
        workbench.resize(to: CellSize(columns: 120, rows: 40))
        XCTAssertEqual(pane.sizes.last, CellSize(columns: 120, rows: 37))
        let events = pane.events.count
        for _ in 0..<3 { _ = workbench.frame() }
        XCTAssertEqual(pane.events.count, events, "drawing routes no event and asks for no window change")
        XCTAssertEqual(pane.draws, 3)
        let sizes = pane.sizes
        type("x")
        XCTAssertEqual(pane.sizes, sizes, "a key that moves nothing lays nothing out again")
    }

    func testASplitGivesTheSplitPaneItsHalf() async throws {
        let pane = try await startRecording()
        prefixed(.character("%"))
        XCTAssertEqual(workbench.workspace.paneCount, 2)
        let rect = try XCTUnwrap(workbench.layout.panes.rect(of: pane.paneID))
        XCTAssertEqual(pane.sizes.last, WorkbenchLayout.contentRect(of: rect).size)
        XCTAssertLessThan(rect.columns, 50 + 1, "the left half of 100 columns less a divider")
        XCTAssertEqual(Array(screen[1]).prefix(11).map(String.init).joined(), "recording 1")
    }

    func testTheMouseReachesThePaneInItsContentsCoordinates() async throws {
        let pane = try await startRecording()
        // Row 5 of the screen: the tab bar is row 0, the pane's title row 1, its content from row 2.
        workbench.handle(.mouse(MouseEvent(kind: .scrollUp, column: 41, row: 5)))
        guard case .mouse(let mouse, let row, let column)? = pane.routed.last else { return XCTFail("events: \(pane.routed)") }
        XCTAssertEqual(mouse.kind, .scrollUp)
        XCTAssertEqual(row, 3)
        XCTAssertEqual(column, 41)
    }

    func testKeymapActionsAimedAtAPaneArriveAsItsEvents() async throws {
        let pane = try await startRecording()
        prefixed(.character("["))
        prefixed(.character("r"))
        prefixed(.character("\\"), .control)
        let prefix = KeyPress(workbench.keymap.prefix)
        let actions = pane.routed.suffix(3).map { event -> String in
            switch event {
            case .scrollMode: "scroll"
            case .copyMode: "copy"
            case .reconnect: "reconnect"
            case .sendPrefix(let press): press == prefix ? "the prefix" : "another key"
            default: "\(event)"
            }
        }
        XCTAssertEqual(actions, ["copy", "reconnect", "the prefix"])
    }

    func testTheEffectsAPaneReturnsAreRunByTheWorkbench() async throws {
        let pane = try await startRecording()
        let clipboard = Array("\u{1B}]52;c;aGk=\u{07}".utf8)
        pane.scriptedEffects = [[.message("a pane's message"), .setClipboard(clipboard)]]
        press(.enter)
        XCTAssertTrue(screen[29].contains("a pane's message"), screen[29])
        XCTAssertEqual(workbench.takeClipboardWrites(), clipboard)

        pane.scriptedEffects = [[.chooseHost]]
        press(.enter)
        XCTAssertNotNil(workbench.quickOpen, "Quick Open opened for the pane")
        XCTAssertEqual(workbench.quickOpen?.targetPane, pane.paneID)
    }

    func testClosingAPaneSendsItCloseAndForgetsIt() async throws {
        let pane = try await startRecording()
        prefixed(.character("x"))
        guard case .close? = pane.routed.last else { return XCTFail("events: \(pane.routed)") }
        XCTAssertFalse(workbench.panes.values.contains { $0 === pane })
    }

    func testReconnectAllReachesEveryLostPaneOfTheWorkspaceAndNoOther() async throws {
        let first = try await startRecording()
        prefixed(.character("%"))
        prefixed(.character("%"))
        let ids = workbench.workspace.panes.map(\.id)
        XCTAssertEqual(ids.count, 3)
        let panes = ids.map { id -> RecordingPane in
            if id == first.paneID { return first }
            let pane = RecordingPane(paneID: id)
            workbench.install(pane)
            return pane
        }
        panes[0].isLost = true
        panes[2].isLost = true
        panes[1].isLive = true
        let before = panes.map { $0.routed.count }

        prefixed(.character("R"))

        let reconnects = panes.enumerated().map { index, pane in
            pane.routed.dropFirst(before[index]).filter { if case .reconnect = $0 { true } else { false } }.count
        }
        XCTAssertEqual(reconnects, [1, 0, 1], "the lost panes once each, the live one never")
        XCTAssertTrue(screen[29].contains("reconnecting 2 panes"), screen[29])

        panes[0].isLost = false
        panes[2].isLost = false
        prefixed(.character("R"))
        XCTAssertTrue(screen[29].contains("no pane of this Workspace has lost its connection"), screen[29])
    }
}
