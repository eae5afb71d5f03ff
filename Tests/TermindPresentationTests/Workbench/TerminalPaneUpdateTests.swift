import Foundation
import TermindApplication
import TermindDomain
import XCTest
@testable import TermindPresentation

/// The SSH terminal pane as a component, driven by events alone: no workbench, no connection,
/// no terminal. Each test gives `update` events and checks the effects it asks for and the
/// state it keeps.
@MainActor
final class TerminalPaneUpdateTests: XCTestCase {
    private let size = CellSize(columns: 80, rows: 24)

    /// A pane on `web` that asked to connect; returns it and its attempt.
    private func connectingPane() throws -> (TerminalPane, AttemptGeneration) {
        let pane = TerminalPane(paneID: PaneID(), hostLabel: "web", size: size)
        let effects = pane.update(.connect)
        let asked: (label: String, generation: AttemptGeneration, size: TerminalSize)? = effects.lazy.compactMap {
            if case .connect(let label, let generation, let size, _) = $0 { (label, generation, size) } else { nil }
        }.first
        let connect = try XCTUnwrap(asked, "no connect effect: \(effects)")
        XCTAssertEqual(connect.label, "web")
        XCTAssertEqual(connect.size, TerminalSize(columns: 80, rows: 24))
        return (pane, connect.generation)
    }

    private func connectedPane(allowsClipboardWrites: Bool = false) throws -> (TerminalPane, AttemptGeneration) {
        let (pane, generation) = try connectingPane()
        _ = pane.update(.shellOpened(generation, at: Date(), allowsClipboardWrites: allowsClipboardWrites))
        return (pane, generation)
    }

    private func text(_ effects: [PaneEffect]) -> String {
        effects.map { if case .send(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { "" } }.joined()
    }

    func testConnectingAsksForAShellAtThePanesSizeAndDisconnectsNothingElse() async throws {
        let pane = TerminalPane(paneID: PaneID(), hostLabel: "web", size: size)
        let effects = pane.update(.connect)
        XCTAssertEqual(effects.count, 2, "\(effects)")
        XCTAssertEqual(effects.first, .disconnect, "a pane's earlier Session, if any, ends first")
        XCTAssertEqual(pane.status, .connecting)
    }

    func testKeysTypedWhileConnectingAreSentOnceTheShellOpens() async throws {
        let (pane, generation) = try connectingPane()
        XCTAssertEqual(pane.update(.key(KeyPress(.character("l")))), [], "nothing to send to yet")
        XCTAssertEqual(pane.update(.key(KeyPress(.character("s")))), [])
        let opened = pane.update(.shellOpened(generation, at: Date(), allowsClipboardWrites: false))
        XCTAssertEqual(opened, [.send(Array("ls".utf8))])
        XCTAssertEqual(pane.status, .connected)
        XCTAssertEqual(pane.update(.key(KeyPress(.up))), [.send(Array("\u{1B}[A".utf8))])
    }

    func testAResizeAsksForAWindowChangeOnlyWhenTheSizeChanges() async throws {
        let (pane, _) = try connectedPane()
        XCTAssertEqual(pane.update(.resized(CellSize(columns: 100, rows: 30))), [.windowChange(TerminalSize(columns: 100, rows: 30))])
        XCTAssertEqual(pane.update(.resized(CellSize(columns: 100, rows: 30))), [], "the same size again changes nothing")
        XCTAssertEqual(pane.surface.columns, 100)
        XCTAssertEqual(
            pane.update(.resized(.zero)), [.windowChange(TerminalSize(columns: 2, rows: 1))],
            "a PTY has at least one row and the emulator's two columns")
        XCTAssertEqual(pane.update(.resized(CellSize(columns: 1, rows: 1))), [], "one column is still two")
    }

    func testOutputShowsOnTheSurfaceAndQueriesAreAnsweredBySendEffects() async throws {
        let (pane, generation) = try connectedPane()
        XCTAssertEqual(pane.update(.output(generation, Array("hello\r\n".utf8))), [])
        XCTAssertEqual(pane.surface.line(0), "hello")
        // A cursor position report: the remote asks, the pane answers through an effect.
        XCTAssertEqual(text(pane.update(.output(generation, Array("\u{1B}[6n".utf8)))), "\u{1B}[2;1R")
    }

    func testEventsOfARetiredAttemptChangeNothing() async throws {
        let (pane, old) = try connectedPane()
        _ = pane.update(.connectionLost(old, "reset"))
        let effects = pane.update(.reconnect)
        XCTAssertEqual(effects.first, .retire(old), "the old attempt's interactions are withdrawn")
        XCTAssertEqual(pane.update(.output(old, Array("stale".utf8))), [])
        XCTAssertEqual(pane.update(.shellClosed(old)), [])
        XCTAssertFalse(pane.surface.line(0).contains("stale"))
        XCTAssertEqual(pane.status, .connecting)
    }

    func testTheShellsEndDisconnectsAndEnterReconnectsWithANewAttempt() async throws {
        let (pane, first) = try connectedPane()
        XCTAssertEqual(pane.update(.exited(first, status: 3, signal: nil)), [])
        XCTAssertEqual(pane.update(.shellClosed(first)), [.disconnect])
        XCTAssertEqual(pane.status, .ended("the remote shell exited with status 3"))
        XCTAssertFalse(pane.isLive)

        let effects = pane.update(.key(KeyPress(.enter)))
        guard effects.count == 3, case .connect(let label, let second, _, _) = effects[2] else { return XCTFail("\(effects)") }
        XCTAssertEqual(effects[0], .retire(first))
        XCTAssertEqual(effects[1], .disconnect)
        XCTAssertEqual(label, "web")
        XCTAssertNotEqual(second, first)
    }

    func testALostConnectionInANarrowPaneSaysItInWordsAndKeepsTheWholeHint() async throws {
        let (pane, generation) = try connectedPane()
        XCTAssertEqual(pane.update(.connectionLost(generation,
            "reading stdout of command `exec sh -c 'cat /proc/stat'` with 127.0.0.1:21409 failed: transport read (code -43)")), [.disconnect])
        var buffer = CellBuffer(width: 24, height: 12)
        _ = pane.draw(into: &buffer, in: buffer.bounds, context: PaneDrawContext(
            number: 1, isFocused: true, isZoomed: false, reconnectKeys: "C-\\ r", closeKeys: "C-\\ x"))
        let notice = buffer.lines.suffix(4).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        XCTAssertTrue(notice.hasSuffix("Enter or C-\\ r reconnects, d details, C-\\ x closes."), buffer.lines.joined(separator: "\n"))
        XCTAssertTrue(notice.hasPrefix("The connection to web"), notice)
        for jargon in ["code", "exec", "21409", "transport"] { XCTAssertFalse(notice.contains(jargon), notice) }
    }

    func testAReconnectStartsTheShellInTheDirectoryItLastReported() async throws {
        let (pane, generation) = try connectedPane()
        _ = pane.update(.output(generation, Array("\u{1B}]7;file://web/srv/app\u{07}$ cd /srv/app\r\n".utf8)))
        _ = pane.update(.connectionLost(generation, "transport read"))
        let effects = pane.update(.reconnect)
        guard case .connect(_, _, _, let directory) = effects.last else { return XCTFail("\(effects)") }
        XCTAssertEqual(directory, "/srv/app")
    }

    func testAShellThatNeverReportedADirectoryStartsInTheOneItWasSplitFrom() async throws {
        let pane = TerminalPane(paneID: PaneID(), hostLabel: "web", size: size)
        pane.startDirectory = "/srv"
        guard case .connect(_, _, _, let directory) = pane.update(.connect).last else { return XCTFail() }
        XCTAssertEqual(directory, "/srv")
    }

    func testAFailureToConnectShowsAndAReconnectWhileConnectingIsRefused() async throws {
        let (pane, generation) = try connectingPane()
        XCTAssertEqual(pane.update(.reconnect), [.message("already connecting")])
        let failure = SSHFailure(.hostKeyChanged, connection: "web", detail: "SHA256:new, SHA256:old")
        XCTAssertEqual(pane.update(.connectFailed(generation, failure)), [.disconnect])
        XCTAssertEqual(pane.status, .hostKeyChanged("SHA256:new, SHA256:old"))
    }

    func testAnEmptyPaneAsksToChooseAHostAndHasNothingToReconnect() async {
        let pane = TerminalPane(paneID: PaneID(), hostLabel: nil, size: size)
        XCTAssertEqual(pane.update(.connect), [])
        XCTAssertEqual(pane.update(.key(KeyPress(.enter))), [.chooseHost])
        XCTAssertEqual(pane.update(.reconnect), [.message("this pane has no Host to reconnect to")])
        XCTAssertEqual(pane.update(.close), [.disconnect])
    }

    func testClosingRetiresTheAttemptAndDisconnects() async throws {
        let (pane, generation) = try connectingPane()
        XCTAssertEqual(pane.update(.close), [.retire(generation), .disconnect])
    }

    func testAClipboardWriteIsAnEffectOnlyForAHostThatAllowsIt() async throws {
        let request = Array("\u{1B}]52;c;aGk=\u{07}".utf8)
        let (allowed, first) = try connectedPane(allowsClipboardWrites: true)
        XCTAssertEqual(allowed.update(.output(first, request)), [.setClipboard(request)])
        let (denied, second) = try connectedPane(allowsClipboardWrites: false)
        XCTAssertEqual(denied.update(.output(second, request)), [])
        XCTAssertEqual(denied.update(.output(second, Array("x".utf8))), [], "a dropped request is not kept for later")
    }

    func testDrawingDoesNotMarkABellSeenTheViewedEventDoes() async throws {
        let (pane, generation) = try connectedPane()
        _ = pane.update(.output(generation, [0x07]))
        var buffer = CellBuffer(width: 80, height: 25)
        _ = pane.draw(into: &buffer, in: buffer.bounds, context: PaneDrawContext(number: 1, isFocused: false, isZoomed: false))
        XCTAssertTrue(buffer.line(0).contains("[bell]"), buffer.line(0))
        _ = pane.draw(into: &buffer, in: buffer.bounds, context: PaneDrawContext(number: 1, isFocused: true, isZoomed: false))
        XCTAssertTrue(pane.hasUnseenBell, "drawing changed nothing")
        XCTAssertEqual(pane.update(.viewed), [])
        XCTAssertFalse(pane.hasUnseenBell)
    }

    func testScrollModeTakesKeysAndTheWheelScrollsBackWithoutSending() async throws {
        let (pane, generation) = try connectedPane()
        _ = pane.update(.output(generation, Array((1...60).map { "line \($0)" }.joined(separator: "\r\n").utf8)))
        XCTAssertEqual(pane.update(.mouse(MouseEvent(kind: .scrollUp, column: 0, row: 0), row: 3, column: 3)), [])
        XCTAssertEqual(pane.scrollOffset, TerminalPane.wheelLines)
        XCTAssertTrue(pane.isScrolling)
        XCTAssertEqual(pane.statusHint, "copy mode: hjkl w b 0 $ g G { } move, v V C-v o select, / finds, n N, q leaves")
        XCTAssertEqual(pane.update(.key(KeyPress(.character("u")))), [], "u scrolls, nothing goes to the remote")
        XCTAssertEqual(pane.scrollOffset, TerminalPane.wheelLines + 12)
        _ = pane.update(.output(generation, Array("\r\nmore".utf8)))
        XCTAssertEqual(pane.scrollOffset, TerminalPane.wheelLines + 13, "the view stays on the same lines as one arrives")
        _ = pane.update(.key(KeyPress(.character("q"))))
        XCTAssertFalse(pane.isScrolling)
        XCTAssertEqual(pane.scrollOffset, 0)
        XCTAssertTrue(pane.acceptsPlainText)
    }
}
