import Foundation
import TermindTestSupport
import XCTest

/// A running workbench and another termind writing the same Vault: a Host added shows in the
/// Navigator, a Host removed ends its pane's session with the reason, within a couple of seconds.
final class LiveVaultEndToEndTests: XCTestCase {
    func testHostsAddedAndRemovedByAnotherProcessShowInTheRunningWorkbench() throws {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        defer { server.stop() }
        let home = try VaultHome()
        try home.addRigHosts("web", on: server)

        let session = try home.workbenchConnected(to: "web")
        defer { session.kill() }

        try home.succeed(["hosts", "add", "fresh-node", "--hostname", "192.0.2.7", "--identity", "tester"])
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("fresh-node 192.0.2.7") }, timeout: 5), session.screen())

        try home.succeed(["hosts", "rm", "web"])
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("Session ended: its Host was removed from the Vault") }, timeout: 5),
                      session.screen())
        XCTAssertFalse(session.screen().contains("web 127.0.0.1"), session.screen())
    }
}
