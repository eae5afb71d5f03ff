import Foundation
import TermindTestSupport
import XCTest

/// The real binary on an 80×24 terminal (`termind demo` in tmux): the host key dialog, the
/// Template prompt, help and the quit question show their text whole with their keys, and a
/// browser's path bar elides a long path in its middle with its count in sight.
final class SmallScreenEndToEndTests: XCTestCase {
    func testOverlaysAndThePathBarFitAnEightyByTwentyFourScreen() throws {
        let home = try VaultHome()
        let releases = home.path + "/projects/termind/deploy/releases"
        try FileManager.default.createDirectory(atPath: releases + "/2026-12-07", withIntermediateDirectories: true)
        let demo = try TmuxSession(
            command: [try TermindBinary.path(), "demo", "--data-dir", home.path + "/demo"], environment: home.terminalEnvironment,
            columns: 80, rows: 24)
        defer { demo.kill() }
        XCTAssertTrue(demo.waitForScreen(containing: "demo 127.0.0.1"), demo.screen())
        demo.keys("Enter")
        XCTAssertTrue(demo.waitForScreen(where: { $0.contains("Unknown host key") && $0.contains("Trust and save") && $0.contains("Esc cancels this connection") }),
                      demo.screen())
        print("The host key dialog at 80×24:\n\(demo.screen())")
        demo.keys("s")
        XCTAssertTrue(demo.waitForScreen(where: { $0.contains("~#") || $0.contains("~$") }), demo.screen())
        // The shell may still be reading its start-up files: typed again until it has run.
        var moved = false
        for _ in 0..<4 where !moved {
            demo.send("cd '\(releases)'")
            moved = demo.waitForScreen(where: { $0.contains("releases#") || $0.contains("releases$") }, timeout: 5)
        }
        XCTAssertTrue(moved, demo.screen())

        demo.keys("C-\\", "S")
        XCTAssertTrue(demo.waitForScreen(where: { screen in
            screen.contains("Save this Workspace as a Template") && screen.contains("Enter saves (each pane's kind and Host, every divider)")
                && screen.contains("Esc cancels")
        }), demo.screen())
        print("The Template prompt at 80×24:\n\(demo.screen())")
        // Each dialog is seen closed before the next keys: an Escape the workbench has not yet
        // read would join the prefix after it as one Alt key.
        demo.keys("Escape")
        XCTAssertTrue(demo.waitForScreen(where: { !$0.contains("Save this Workspace as a Template") }), demo.screen())

        demo.keys("C-\\", "?")
        XCTAssertTrue(demo.waitForScreen(containing: "any other key closes"), demo.screen())
        print("Help at 80×24:\n\(demo.screen())")
        demo.keys("q")
        XCTAssertTrue(demo.waitForScreen(where: { !$0.contains("any other key closes") }), demo.screen())

        demo.keys("C-\\", "b")
        XCTAssertTrue(demo.waitForScreen(where: { screen in
            screen.contains("2026-12-07/") && screen.contains("demo:/") && screen.contains("…/releases") && screen.contains("1 of 1")
        }), demo.screen())
        print("A browser beside the shell at 80×24:\n\(demo.screen())")

        demo.keys("C-\\", "q")
        XCTAssertTrue(demo.waitForScreen(where: { $0.contains("quit and close") && $0.contains("(y/n)") }), demo.screen())
        print("The quit question at 80×24:\n\(demo.screen())")
        demo.keys("y")
        XCTAssertTrue(demo.waitForScreen(containing: "termind exited 0"), demo.screen())
    }
}
