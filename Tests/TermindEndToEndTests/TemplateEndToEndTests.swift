import Foundation
import TermindTestSupport
import XCTest

/// Templates as a person uses them, in tmux against the rig's sshd: a Workspace of two Hosts
/// saved with `C-\ S`, listed by `termind templates list --json` with its panes, and opened by
/// `termind connect --template` after one Host was removed: that pane opens empty, the other
/// connects.
final class TemplateEndToEndTests: XCTestCase {
    func testASavedTemplateIsListedAndOpensWithARemovedHostsPaneEmpty() throws {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        defer { server.stop() }
        let home = try VaultHome()
        try home.addRigHosts("web", "db", on: server)

        let first = try home.workbenchConnected(to: "web")
        defer { first.kill() }
        first.keys("C-\\", "f")
        first.type("db")
        XCTAssertTrue(first.waitForScreen(containing: "Quick Open"), first.screen())
        first.keys("Enter")
        XCTAssertTrue(first.waitForScreen(where: { $0.components(separatedBy: "~$").count - 1 >= 2 }), first.screen())
        first.keys("C-\\", "S")
        XCTAssertTrue(first.waitForScreen(containing: "Save this Workspace as a Template (2 panes)"), first.screen())
        first.keys("C-u")
        first.type("ops")
        first.keys("Enter")
        XCTAssertTrue(first.waitForScreen(containing: "saved Template ops (2 panes)"), first.screen())
        first.keys("C-\\", "q")
        XCTAssertTrue(first.waitForScreen(containing: "quit and close"), first.screen())
        first.keys("y")
        XCTAssertTrue(first.waitForScreen(containing: "termind exited 0"), first.screen())

        let listed = try XCTUnwrap(try home.json(["templates", "list", "--json"]) as? [[String: Any]])
        XCTAssertEqual(listed.count, 1)
        XCTAssertEqual(listed.first?["label"] as? String, "ops")
        let panes = try XCTUnwrap(listed.first?["panes"] as? [[String: Any]])
        XCTAssertEqual(panes.map { $0["kind"] as? String }, ["terminal", "terminal"])
        XCTAssertEqual(panes.map { $0["host"] as? String }, ["web", "db"])

        try home.succeed(["hosts", "rm", "db"])
        let second = try TmuxSession(command: [try TermindBinary.path(), "connect", "--template", "ops"], environment: home.terminalEnvironment)
        defer { second.kill() }
        XCTAssertTrue(second.waitForScreen(where: { $0.contains("~$") && $0.contains("Empty pane") && $0.contains("1 ops") }), second.screen())
        print("The Template reopened with db removed:\n\(second.screen())")
    }
}
