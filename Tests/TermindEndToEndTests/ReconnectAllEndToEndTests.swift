import Foundation
import TermindTestSupport
import XCTest

/// Reconnect all, as a person sees it in the built binary in tmux: a terminal pane and a file
/// browser on a Host that does not share its connection (two connections), both lost when the
/// server ends them; on a Host set to `reconnect manual` nothing comes back by itself, and one key (`C-\ R`) reconnects both.
final class ReconnectAllEndToEndTests: XCTestCase {
    func testOneKeyReconnectsEveryLostPaneOfTheWorkspaceAndNothingReconnectsByItself() throws {
        let home = try VaultHome()
        let server = try startSSHD(configure: "MaxStartups 100\n")
        try home.addRigHosts("web", on: server)
        try home.succeed(["hosts", "edit", "web", "--share", "off", "--reconnect", "manual"])
        let session = try home.workbenchConnected(to: "web")
        defer { session.kill() }
        session.keys("C-\\", "b")
        XCTAssertTrue(waitUntil(timeout: 15) { Self.count("Accepted publickey", in: server.log()) == 2 }, server.log())
        XCTAssertTrue(session.waitForScreen(where: { !$0.contains("Opening") }), session.screen())

        XCTAssertEqual(server.dropConnections(), 2)
        XCTAssertTrue(
            session.waitForScreen(where: {
                $0.contains("The connection to web was lost (the server closed it).") && $0.contains("browser's connection to web was lost")
            }),
            session.screen())
        XCTAssertTrue(session.screen().contains("C-\\ R reconnects all"), "the lost shell pane offers it: \(session.screen())")
        XCTAssertTrue(session.screen().contains("C-\\ x") && session.screen().contains("closes."), "the hint is whole: \(session.screen())")
        for jargon in ["code -", "transport read", "exec"] {
            XCTAssertFalse(session.screen().contains(jargon), "libssh2's detail is for the log: \(session.screen())")
        }
        XCTAssertTrue(holdsThroughout(2) { Self.count("Accepted publickey", in: server.log()) == 2 }, "something reconnected by itself: \(server.log())")
        XCTAssertTrue(session.screen().contains("The connection to web was lost"), session.screen())

        session.keys("C-\\", "R")
        XCTAssertTrue(
            session.waitForScreen(where: { !$0.contains("was lost") && $0.contains("~$") }),
            session.screen())
        XCTAssertTrue(waitUntil(timeout: 15) { Self.count("Accepted publickey", in: server.log()) == 4 }, server.log())
    }

    private static func count(_ text: String, in log: String) -> Int {
        log.components(separatedBy: text).count - 1
    }
}
