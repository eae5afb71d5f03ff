import Foundation
import TermindTestSupport
import XCTest

/// Text reflows as a pane's width changes, in tmux against the rig's sshd, as issue 44 tried it:
/// a 110-character line printed in a narrow pane (a split) is whole again on one row when the
/// pane is zoomed, wraps again when it is unzoomed, and is whole after the second zoom.
final class ReflowEndToEndTests: XCTestCase {
    /// 10 to 64, two digits each: 110 characters the command that prints them does not contain.
    private static let line = (10...64).map(String.init).joined()

    func testALongLinePrintedInANarrowPaneIsWholeAfterZoomUnzoomZoom() throws {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        defer { server.stop() }
        let home = try VaultHome()
        try home.addRigHosts("web", on: server)

        let session = try home.workbenchConnected(to: "web")
        defer { session.kill() }
        session.keys("C-\\", "%")
        XCTAssertTrue(waitUntil { session.screen().components(separatedBy: "~$").count - 1 >= 2 }, session.screen())

        session.send("seq 10 64 | tr -d '\\n'; echo")
        let head = String(Self.line.prefix(40)), tail = String(Self.line.suffix(20))
        // Narrow: the line's head and tail are on different rows.
        XCTAssertTrue(session.waitForScreen(where: { Self.isWrapped($0, head: head, tail: tail) }), session.screen())

        session.keys("C-\\", "z")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains(Self.line) }), "zoomed, the line is whole on one row:\n\(session.screen())")
        session.keys("C-\\", "z")
        XCTAssertTrue(session.waitForScreen(where: { Self.isWrapped($0, head: head, tail: tail) }), "unzoomed, it wraps again:\n\(session.screen())")
        print("Unzoomed, the line wraps at the pane's width:\n\(session.screen())")
        session.keys("C-\\", "z")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains(Self.line) }), "zoomed again, it is whole:\n\(session.screen())")
        print("A 110-character line after zoom, unzoom, zoom:\n\(session.screen())")
    }

    /// The line is on screen, its head and its tail on different rows and nowhere whole.
    private static func isWrapped(_ screen: String, head: String, tail: String) -> Bool {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = rows.firstIndex(where: { $0.contains(head) }), let last = rows.lastIndex(where: { $0.contains(tail) }) else { return false }
        return !screen.contains(line) && last > first
    }
}
