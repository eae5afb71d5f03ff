import TermindApplication
import TermindDomain
import TermindTestSupport
import Synchronization
import XCTest
@testable import TermindPresentation

/// A reconnect keeps the person's place: the new shell starts in the directory the old one last
/// reported (OSC 7), a split starts in its pane's directory, and the scrollback keeps a
/// `── reconnected HH:MM ──` line at the time the workbench's clock gives.
@MainActor
final class WorkbenchReconnectTests: WorkbenchTestCase {
    private static let directory = "/srv/it's; $(here)"
    private static let report = "\u{1B}]7;file://web/srv/it's;%20$(here)\u{07}"

    func testASplitStartsItsShellInThePanesDirectory() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        first.shell.print(Self.report + "$ ")
        await eventually("the directory is read", showing: screenReport) {
            (workbench.focusedPane as? TerminalPane)?.surface.workingDirectory == Self.directory
        }
        prefixed(.character("%"))
        await eventually("the split's shell opened", showing: screenReport) {
            services.connections.count == 2 && services.connections[1].openedSize != nil
        }
        let expected = try XCTUnwrap(ShellStartDirectory(Self.directory)).command(then: ShellStartDirectory.loginShell)
        XCTAssertEqual(services.connections[1].command, expected)
        XCTAssertNil(first.command, "the first shell started where the server puts it")
    }

    func testAReconnectStartsInTheLastReportedDirectoryBelowAMarkerAtTheClocksTime() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        first.shell.print(Self.report + "$ cd here\r\n")
        await eventually("the directory is read", showing: screenReport) {
            (workbench.focusedPane as? TerminalPane)?.surface.workingDirectory == Self.directory
        }
        first.shell.drop()
        await waitForScreen(containing: "was lost")
        press(.enter)
        await eventually("a new attempt connected", showing: screenReport) {
            services.connections.count == 2 && services.connections[1].openedSize != nil
        }
        await waitForScreen(containing: "── reconnected 14:02 ──")
        let expected = try XCTUnwrap(ShellStartDirectory(Self.directory)).command(then: ShellStartDirectory.loginShell)
        XCTAssertEqual(services.connections[1].command, expected)
    }

    // MARK: - By itself

    private var pane: TerminalPane? { workbench.focusedPane as? TerminalPane }

    /// The pane's text right of the Navigator, its wrapped lines joined with spaces.
    private var paneText: String {
        screen.compactMap { $0.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    private func waitForPane(saying text: String, file: StaticString = #filePath, line: UInt = #line) async {
        await eventually("the pane says \(text.debugDescription)", showing: screenReport, file: file, line: line) { paneText.contains(text) }
    }

    func testALostPaneOfAnAutoHostCountsDownOnTheClockAndReconnectsByItselfWaitingLongerEachFailure() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        let failures = Mutex(2)
        let second = ScriptedConnection(label: "web")
        services.connect { label, _, _ in
            if failures.withLock({ $0 -= 1; return $0 >= 0 }) {
                throw SSHFailure(.connect, connection: label, detail: "connect: connection refused")
            }
            return second
        }
        first.shell.drop()
        await waitForPane(saying: "Reconnecting in 1 s — C-\\ r now, Esc waits, d details, C-\\ x to close.")
        XCTAssertTrue(paneText.contains("The connection to web was lost (the server closed it)."), paneText)
        let clock = services.testClock
        for (wait, attempts) in [(1, 2), (2, 3), (4, 4)] {
            XCTAssertEqual(pane?.reconnectCountdown, wait)
            for _ in 0..<wait {
                await eventually("the countdown waits on the clock", showing: screenReport) { clock.sleeperCount == 1 }
                clock.advance(by: .seconds(1))
                await eventually("a second passed", showing: screenReport) { clock.sleeperCount == 1 || services.attempts.count == attempts }
            }
            await eventually("attempt \(attempts)", showing: screenReport) { services.attempts.count == attempts }
            if attempts < 4 {
                await waitForPane(saying: "Reconnecting in \(wait * 2) s")
            }
        }
        await eventually("the third attempt opened the shell", showing: screenReport) { pane?.status == .connected }
        XCTAssertEqual(pane?.backoff.attempts, 0, "a shell that opens starts the waits again")
        second.shell.drop()
        await waitForPane(saying: "Reconnecting in 1 s")
    }

    func testEscStopsTheCountdownAndThePaneWaitsForThePerson() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        first.shell.drop()
        await waitForPane(saying: "Reconnecting in 1 s")
        press(.escape)
        await waitForPane(saying: "Enter or C-\\ r reconnects")
        XCTAssertNil(pane?.reconnectCountdown)
        services.testClock.advance(by: .seconds(120))
        XCTAssertTrue(holdsThroughoutTurns { services.attempts.count == 1 }, "it reconnected by itself: \(services.attempts)")
        press(.enter)
        await eventually("the person's reconnect", showing: screenReport) { services.attempts.count == 2 }
    }

    func testAManualHostWaitsForThePerson() async throws {
        var web = WorkbenchFixture.host("web")
        web.reconnect = .manual
        try await start(hosts: [web])
        let first = try await openFromNavigator("web")
        first.shell.drop()
        await waitForPane(saying: "Enter or C-\\ r reconnects")
        XCTAssertFalse(paneText.contains("Reconnecting in"), paneText)
        XCTAssertNil(pane?.reconnectCountdown)
        XCTAssertEqual(services.testClock.sleeperCount, 0, "nothing counts down")
    }

    func testTheDetailsKeyShowsWhatTheLibrarySaidOverTheScreenAndNeverInTheStatusLine() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        first.shell.drop()
        await waitForPane(saying: "Reconnecting in 1 s")
        XCTAssertFalse(screenText.contains("the connection was reset"), "the detail stays out of the pane's sentence: \(screenText)")
        press(.character("d"))
        await waitForScreen(containing: "What the SSH library said about web")
        XCTAssertTrue(screenText.contains("the connection was reset"), screenText)
        XCTAssertFalse(screen.last?.contains("reset") ?? true, "never in the status line: \(screen.last ?? "")")
        press(.escape)
        await eventually("the details closed", showing: screenReport) { !screenText.contains("What the SSH library said") }
        XCTAssertNotNil(pane?.reconnectCountdown, "closing the details leaves the countdown going")
    }

    /// True when `condition` holds after the main actor lets every waiting task run a few times.
    private func holdsThroughoutTurns(_ condition: () -> Bool) -> Bool {
        for _ in 0..<50 { guard condition() else { return false } }
        return condition()
    }
}

/// The waits between automatic attempts, as numbers.
final class ReconnectBackoffTests: XCTestCase {
    func testTheWaitsDoubleFromOneSecondToAMinuteAndStartAgainAfterAReset() {
        var backoff = ReconnectBackoff()
        XCTAssertEqual((0..<9).map { _ in backoff.next() }, [1, 2, 4, 8, 16, 32, 60, 60, 60])
        backoff.reset()
        XCTAssertEqual(backoff.next(), 1)
        XCTAssertEqual(backoff.attempts, 1)
    }
}
