import Foundation
import TermindTestSupport
import XCTest

/// Reconnecting by itself, as a person sees it in the built binary in tmux against the rig's
/// sshd: a shell `cd`s into a directory, its connection is killed, and the pane comes back by
/// itself (a key Host, `reconnect auto` by default) after 1 s, in the same directory, below a
/// `── reconnected HH:MM ──` line.
final class AutoReconnectEndToEndTests: XCTestCase {
    func testAKilledConnectionComesBackByItselfInTheSameDirectoryBelowAMarker() throws {
        let home = try VaultHome()
        let server = try startSSHD(configure: "MaxStartups 100\n")
        try home.addRigHosts("web", on: server)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termind-auto-\(UUID().uuidString)/it's here")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "web"], environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("s")
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())
        session.type("cd \"\(directory.path)\" && echo entered-$((6*7))")
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "entered-42"), session.screen())

        XCTAssertEqual(server.dropConnections(), 1)
        XCTAssertTrue(session.waitForScreen(containing: "── reconnected "), session.screen())
        XCTAssertTrue(waitUntil(timeout: 15) { server.log().components(separatedBy: "Accepted publickey").count - 1 == 2 }, server.log())
        session.type("pwd; echo there-$((6*7))")
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "there-42"), session.screen())
        let screen = session.screen()
        let lines = screen.components(separatedBy: "\n")
        let marker = try XCTUnwrap(lines.firstIndex { $0.contains("── reconnected ") }, screen)
        // pwd's answer below the marker (wrapped or not): the directory the shell was in.
        let below = lines[marker...].joined().replacing(" ", with: "")
        XCTAssertTrue(below.contains(directory.path.replacing(" ", with: "") + "there-42") || below.contains(directory.path.replacing(" ", with: "")), screen)
        XCTAssertFalse(screen.contains("no longer exists"), screen)
        print("AUTO-RECONNECT CAPTURE:\n" + screen)
    }
}
