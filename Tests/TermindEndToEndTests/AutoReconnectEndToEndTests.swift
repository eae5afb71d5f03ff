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
        let session = try home.workbenchConnected(to: "web")
        defer { session.kill() }
        session.type("cd \"\(directory.path)\" && echo entered-$((6*7))")
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "entered-42"), session.screen())

        // The session's sshd process is killed, as a network that drops dead leaves it.
        XCTAssertFalse(try server.killEstablishedSessions().isEmpty, "the session's sshd process was found")
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

    /// A split starts in its pane's directory, even one whose name would run commands if it
    /// were ever read as shell code (the server reports it, OSC 7).
    func testASplitStartsInAHostileDirectoryAndRunsNothingOfItsName() throws {
        let home = try VaultHome()
        let server = try startSSHD(configure: "MaxStartups 100\n")
        try home.addRigHosts("web", on: server)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("termind-split-\(UUID().uuidString)")
        let name = "a'b;touch PWNED;$(touch PWNED2)`touch PWNED3`"
        let directory = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let session = try home.workbenchConnected(to: "web")
        defer { session.kill() }
        // cd by a glob, so the typed line holds nothing of the name.
        session.type("cd \(scratch.path)/a* && echo entered-$((6*7))")
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "entered-42"), session.screen())
        session.keys("C-\\", "%")
        XCTAssertTrue(session.waitForScreen(containing: " 2 web"), session.screen())
        session.type("basename \"$PWD\" | tr -d \"';\\$()\\`\" ; echo split-$((6*7))")
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "split-42"), session.screen())
        XCTAssertTrue(session.screen().contains("abtouch PWNEDtouch PWNED2touch PWNED3"), session.screen())
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        XCTAssertEqual(left, [name], "the name ran something")
        XCTAssertFalse(session.screen().contains("no longer exists"), session.screen())
    }
}
