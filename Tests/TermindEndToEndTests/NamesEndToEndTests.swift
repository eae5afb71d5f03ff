import Foundation
import TermindTestSupport
import XCTest

/// Names as a person gives them, in tmux against the rig's sshd: `C-\ ,` renames the Workspace
/// (its tab and the status bar show it), `C-\ P` the pane (its title line shows it instead of
/// the Host); a Template saved then keeps the pane's name and opens under its label, and the
/// Recent Workspaces list the Workspace by its name at the next start.
final class NamesEndToEndTests: XCTestCase {
    func testARenamedWorkspaceAndPaneShowInTheTabAndTitleAndComeBackFromATemplateAndRecent() throws {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        defer { server.stop() }
        let home = try VaultHome()
        try home.addRigHosts("web", on: server)

        let first = try home.workbenchConnected(to: "web")
        defer { first.kill() }
        XCTAssertTrue(first.waitForScreen(where: { Self.tabs(of: $0) == " 1 web" }), first.screen())

        first.keys("C-\\", ",")
        XCTAssertTrue(first.waitForScreen(containing: "Rename this Workspace"), first.screen())
        first.type("deploy")  // replaces the selected "web"
        first.keys("Enter")
        first.keys("C-\\", "P")
        XCTAssertTrue(first.waitForScreen(containing: "Rename this pane"), first.screen())
        first.type("logs")
        first.keys("Enter")
        XCTAssertTrue(first.waitForScreen(where: { screen in
            Self.tabs(of: screen) == " 1 deploy" && Self.firstTitle(of: screen).hasPrefix(" 1 logs")
                && Self.line(44, of: screen).hasPrefix(" 1:deploy ") && Self.line(44, of: screen).contains("pane 1/1 · logs · web")
        }), first.screen())
        print("The renamed Workspace and pane:\n\(first.screen())")

        first.keys("C-\\", "S")
        XCTAssertTrue(first.waitForScreen(containing: "Save this Workspace as a Template (1 pane)"), first.screen())
        first.keys("Enter")  // under the Workspace's name, offered by the prompt
        XCTAssertTrue(first.waitForScreen(containing: "saved Template deploy (1 pane)"), first.screen())
        first.keys("C-\\", "q")
        XCTAssertTrue(first.waitForScreen(containing: "quit and close"), first.screen())
        first.keys("y")
        XCTAssertTrue(first.waitForScreen(containing: "termind exited 0"), first.screen())

        let shown = try home.succeed(["templates", "show", "deploy"])
        XCTAssertTrue(shown.contains("pane 1: terminal on web, named logs"), shown)

        let second = try TmuxSession(command: [try TermindBinary.path(), "connect", "--template", "deploy"], environment: home.terminalEnvironment)
        defer { second.kill() }
        XCTAssertTrue(second.waitForScreen(where: { screen in
            screen.contains("~$") && Self.tabs(of: screen) == " 1 deploy" && Self.firstTitle(of: screen).hasPrefix(" 1 logs")
        }), second.screen())
        print("The Template reopened with its names:\n\(second.screen())")
        second.keys("C-\\", "q")
        XCTAssertTrue(second.waitForScreen(containing: "quit and close"), second.screen())
        second.keys("y")
        XCTAssertTrue(second.waitForScreen(containing: "termind exited 0"), second.screen())

        let third = try TmuxSession(command: [try TermindBinary.path()], environment: home.terminalEnvironment)
        defer { third.kill() }
        XCTAssertTrue(third.waitForScreen(where: { $0.contains("Recent") && $0.contains("deploy") }), third.screen())
        print("The Recent Workspaces at the next start:\n\(third.screen())")
    }

    private static func line(_ index: Int, of screen: String) -> String {
        let lines = screen.components(separatedBy: "\n")
        return lines.indices.contains(index) ? lines[index] : ""
    }

    /// The tab bar, without the blanks capture-pane leaves out anyway.
    private static func tabs(of screen: String) -> String {
        String(line(0, of: screen).reversed().drop { $0 == " " }.reversed())
    }

    /// The first pane's title line, right of the Navigator.
    private static func firstTitle(of screen: String) -> String {
        let row = line(1, of: screen)
        guard let divider = row.firstIndex(of: "│") else { return row }
        return String(row[row.index(after: divider)...])
    }
}
