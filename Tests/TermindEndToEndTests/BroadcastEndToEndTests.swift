import Foundation
import TermindTestSupport
import XCTest

/// Broadcast input in the built binary, in tmux against the rig's sshd: three panes on one
/// Host, two of them in the broadcast, one line typed runs in those two and not in the third.
final class BroadcastEndToEndTests: XCTestCase {
    func testALineTypedIntoTheBroadcastRunsInItsTwoPanesAndNotTheThird() throws {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        let home = try VaultHome()
        try home.addRigHosts("web", on: server)
        defer { server.stop() }

        let session = try home.workbenchConnected(to: "web")
        defer { session.kill() }
        session.keys("C-\\", "%")
        XCTAssertTrue(session.waitForScreen(where: { $0.components(separatedBy: "~$").count - 1 >= 2 }), session.screen())
        session.keys("C-\\", "\"")
        XCTAssertTrue(session.waitForScreen(where: { $0.components(separatedBy: "~$").count - 1 >= 3 }), session.screen())

        // Panes 2 (top right) and 3 (bottom right) join: 3 is focused after the split.
        session.keys("C-\\", "B")
        session.keys("C-\\", "Up")
        session.keys("C-\\", "B")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("broadcast to 2 panes") || $0.components(separatedBy: "[broadcast]").count - 1 == 2 }),
                      session.screen())
        session.send("echo bc-$((6*7)); hostname")
        XCTAssertTrue(session.waitForScreen(where: { $0.components(separatedBy: "bc-42").count - 1 == 2 }), session.screen())
        // The left pane (and the Navigator) stay untouched while the others echo.
        let untouched = holdsThroughout(0.5, every: 0.1) {
            !session.screen().split(separator: "\n").map { String($0.prefix(70)) }.joined(separator: "\n").contains("bc-42")
        }
        XCTAssertTrue(untouched, session.screen())
        let screen = session.screen()
        print("Broadcast to two of three panes:\n\(screen)")
        let left = screen.split(separator: "\n").map { String($0.prefix(70)) }.joined(separator: "\n")
        XCTAssertFalse(left.contains("bc-42"), "the left pane (and the Navigator) stay untouched: \(screen)")
        XCTAssertEqual(screen.components(separatedBy: "bc-42").count - 1, 2, screen)

        // A Snippet with a variable, added by another termind while this one runs, to the set.
        try home.succeed(["snippets", "add", "greet", "--script", "echo snip-{{n}}-$((3*3))"])
        session.keys("C-\\", "s")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("Snippets → 2 panes (broadcast)") && $0.contains("greet") }), session.screen())
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "{{n}} ="), session.screen())
        session.type("seven")
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "echo snip-seven-$((3*3))"), session.screen())
        session.keys("Enter")  // typed into both panes, at their prompts
        XCTAssertTrue(session.waitForScreen(where: { !$0.contains("Snippets →") }), session.screen())
        session.keys("Enter")  // run it in both
        XCTAssertTrue(session.waitForScreen(where: { $0.components(separatedBy: "snip-seven-9").count - 1 == 2 }), session.screen())
        let after = session.screen()
        print("A Snippet sent to the broadcast:\n\(after)")
        XCTAssertFalse(after.split(separator: "\n").map { String($0.prefix(70)) }.joined().contains("snip-"), after)
    }
}
