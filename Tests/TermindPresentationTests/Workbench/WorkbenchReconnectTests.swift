import TermindApplication
import TermindDomain
import TermindTestSupport
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
}
