import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// A workbench over in-memory services, driven as the loop drives it: events in, frames out.
@MainActor
class WorkbenchTestCase: XCTestCase {
    var services: InMemoryWorkbenchServices!
    var workbench: Workbench!

    static let prefix = InputEvent.key(.character("\\", modifiers: .control))

    func start(
        hosts: [Host] = [WorkbenchFixture.host("web"), WorkbenchFixture.host("db-primary", hostname: "10.0.0.2")],
        size: CellSize = CellSize(columns: 100, rows: 30), connecting destination: String? = nil,
        environment: [String: String] = [:], recent: [Workspace] = []
    ) async throws {
        services = InMemoryWorkbenchServices(hosts: hosts, recent: recent)
        workbench = Workbench(services: services, keymap: try WorkbenchFixture.defaultKeymap(), size: size, environment: environment)
        await workbench.start(connecting: destination)
    }

    override func tearDown() async throws {
        await workbench?.shutdown()
        workbench = nil
        services = nil
    }

    // MARK: - Driving

    func press(_ key: InputKey, _ modifiers: KeyModifiers = []) {
        workbench.handle(.key(KeyPress(key, modifiers: modifiers)))
    }

    /// Types each character as its own key press.
    func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// The prefix key, then `key`.
    func prefixed(_ key: InputKey, _ modifiers: KeyModifiers = []) {
        workbench.handle(Self.prefix)
        press(key, modifiers)
    }

    /// The screen's rows as text.
    var screen: [String] { workbench.frame().buffer.lines }
    var screenText: String { screen.joined(separator: "\n") }
    /// The screen for a failure message.
    var screenReport: String { "the screen:\n\(screenText)" }

    /// Waits until the screen shows `text`.
    func waitForScreen(containing text: String, file: StaticString = #filePath, line: UInt = #line) async {
        await eventually("the screen shows \(text.debugDescription)", showing: screenReport, file: file, line: line) { screenText.contains(text) }
    }

    /// Opens `label` from the Navigator (which has focus at start) and waits for its shell.
    @discardableResult
    func openFromNavigator(_ label: String, file: StaticString = #filePath, line: UInt = #line) async throws -> ScriptedConnection {
        let before = services.connections.count
        type(label)
        press(.enter)
        await eventually("a connection opened its shell", showing: screenReport, file: file, line: line) {
            services.connections.count > before && services.connections.last?.openedSize != nil
        }
        // The pane learns it is connected a moment after the shell opens; keys meant for a
        // connected pane (a Snippet, a broadcast) wait for that.
        await eventually("the pane is connected", showing: screenReport, file: file, line: line) {
            (workbench.focusedPane as? TerminalPane)?.status == .connected
        }
        return try XCTUnwrap(services.connections.last, file: file, line: line)
    }
}
