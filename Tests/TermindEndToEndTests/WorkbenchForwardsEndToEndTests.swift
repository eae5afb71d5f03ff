import Foundation
import TermindTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A Host's forwards in the workbench, in the built binary in tmux against the rig's sshd and
/// an echo server this test starts: the Host's enabled `L` rule listens once its pane connects,
/// the forwards overlay (`C-\ F`) shows it with its connection and bytes, Enter turns it off
/// (connections are refused), a port in use shows as failed while the pane works, and after
/// the connection is lost and the pane reconnects the forward listens again.
final class WorkbenchForwardsEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!
    private var echo: ChildProcess?

    override func setUpWithError() throws {
        server = try startSSHD(configure: "MaxStartups 100\n")
        home = try VaultHome()
        try home.addRigHosts("web", on: server)
    }

    override func tearDown() {
        echo?.stop()
        server?.stop()
        server = nil
        home = nil
    }

    /// The echo server the forwards lead to; returns its port.
    private func startEchoServer() throws -> Int {
        let server = try LoopbackEchoServer.start()
        echo = server.process
        return server.port
    }

    /// A loopback port free now (bound to 0, then closed).
    private static func freePort() throws -> Int {
        let listener = try TCPSocket.listen(port: 0)
        defer { listener.close() }
        return listener.port
    }

    /// Opens the workbench on `web`, trusts its key and waits for the shell.
    private func openWorkbench() throws -> TmuxSession {
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "web"], environment: home.terminalEnvironment)
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("s")
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())
        return session
    }

    /// Echoes `text` through the forward on `port`: the connection, left open for the caller.
    private func echoThrough(_ port: Int, _ text: String) throws -> TCPSocket {
        let socket = try TCPSocket.connect(port: port)
        try socket.write(Array(text.utf8))
        XCTAssertEqual(String(decoding: try socket.read(count: text.utf8.count), as: UTF8.self), text)
        return socket
    }

    /// Waits until a connection to the forward's port echoes; false when it never did.
    private func forwardAnswers(on port: Int, timeout: TimeInterval = 15) -> Bool {
        waitUntil(timeout: timeout) {
            guard let socket = try? TCPSocket.connect(port: port) else { return false }
            defer { socket.close() }
            guard (try? socket.write(Array("ping".utf8))) != nil, let back = try? socket.read(count: 4) else { return false }
            return back == Array("ping".utf8)
        }
    }

    func testAHostsForwardListensWithItsPaneShowsItsConnectionAndBytesAndTurnsOff() throws {
        let target = try startEchoServer()
        let port = try Self.freePort()
        try home.succeed(["hosts", "edit", "web", "--forward", "L 127.0.0.1:\(port):127.0.0.1:\(target)"])
        let session = try openWorkbench()
        defer { session.kill() }
        XCTAssertTrue(forwardAnswers(on: port), "the forward answers once the pane connected: \(session.screen())")

        let held = try echoThrough(port, "hello through the workbench\n")
        defer { held.close() }
        session.keys("C-\\", "F")
        XCTAssertTrue(session.waitForScreen(containing: "Forwards: 1 listening"), session.screen())
        let rule = "L 127.0.0.1:\(port) → 127.0.0.1:\(target)"
        XCTAssertTrue(session.waitForScreen(where: { screen in
            screen.split(separator: "\n").contains { $0.contains(rule) && $0.contains("listening") && $0.contains("1 open") }
        }), session.screen())
        // 4 bytes of the probe that answered, 28 of the held connection's line, each way.
        XCTAssertTrue(session.waitForScreen(containing: "↑ 32 B  ↓ 32 B"), session.screen())
        print("forwards overlay with one connection:\n\(session.screen())")

        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains(rule) && $0.contains("stopped") }), session.screen())
        XCTAssertTrue(waitUntil(timeout: 5) { (try? TCPSocket.connect(port: port)) == nil }, "connections are refused once it is off")
        XCTAssertThrowsError(try TCPSocket.connect(port: port))
        // The connection already open goes on.
        try held.write(Array("still here\n".utf8))
        XCTAssertEqual(String(decoding: try held.read(count: 11), as: UTF8.self), "still here\n")

        session.keys("Enter")
        XCTAssertTrue(forwardAnswers(on: port), "on again for this run: \(session.screen())")
        session.keys("Escape")
        XCTAssertTrue(session.waitForScreen(where: { !$0.contains("Forwards:") }), session.screen())
        // The Vault still has the rule enabled: the toggle was for this run only.
        XCTAssertTrue(try home.succeed(["hosts", "show", "web"]).contains("L 127.0.0.1:\(port):127.0.0.1:\(target)"))
    }

    func testAPortInUseShowsTheForwardFailedWhileThePaneWorks() throws {
        let target = try startEchoServer()
        let taken = try TCPSocket.listen(port: 0)
        defer { taken.close() }
        try home.succeed(["hosts", "edit", "web", "--forward", "L 127.0.0.1:\(taken.port):127.0.0.1:\(target)"])
        let session = try openWorkbench()
        defer { session.kill() }
        session.keys("C-\\", "F")
        XCTAssertTrue(session.waitForScreen(containing: "failed"), session.screen())
        XCTAssertTrue(session.waitForScreen(containing: "127.0.0.1:\(taken.port): port \(taken.port) is already in use"), session.screen())
        // q closes the overlay: an Escape read together with the next key would be Alt with it.
        session.keys("q")
        XCTAssertTrue(waitUntil(timeout: 10) { !session.screen().contains("Forwards:") }, session.screen())
        session.send("echo works-$((6*7))")
        XCTAssertTrue(session.waitForScreen(containing: "works-42"), session.screen())
    }

    func testAfterTheConnectionIsLostAndThePaneReconnectsTheForwardListensAgain() throws {
        let target = try startEchoServer()
        let port = try Self.freePort()
        // Manual: the pane waits for C-\ r, so the gap without a listener is seen.
        try home.succeed(["hosts", "edit", "web", "--forward", "L 127.0.0.1:\(port):127.0.0.1:\(target)", "--reconnect", "manual"])
        let session = try openWorkbench()
        defer { session.kill() }
        XCTAssertTrue(forwardAnswers(on: port), session.screen())

        // The connection's own sshd processes die; the listening one stays for the reconnect.
        let killed = try server.killEstablishedSessions()
        XCTAssertFalse(killed.isEmpty, "the session's sshd processes were found")
        XCTAssertTrue(session.waitForScreen(containing: "was lost", timeout: 30), session.screen())
        XCTAssertTrue(waitUntil(timeout: 10) { (try? TCPSocket.connect(port: port)) == nil }, "the lost connection's listener is gone")

        session.keys("C-\\", "r")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("~$") && !$0.contains("was lost") }, timeout: 30), session.screen())
        XCTAssertTrue(forwardAnswers(on: port), "the forward listens again after the reconnect: \(session.screen())")
        session.keys("C-\\", "F")
        XCTAssertTrue(session.waitForScreen(containing: "Forwards: 1 listening"), session.screen())
    }

    /// A rule added in the overlay (`a`) is refused as `hosts edit --forward` refuses it, in
    /// the command line's words, then saved: listed, listening, and in `hosts show` at once;
    /// removed (`d`, `y`) it is gone from both and stops listening.
    func testARuleAddedAndRemovedInTheOverlayIsInTheVault() throws {
        let target = try startEchoServer()
        let port = try Self.freePort()
        let session = try openWorkbench()
        defer { session.kill() }
        session.keys("C-\\", "F")
        XCTAssertTrue(session.waitForScreen(containing: "No forwards: a adds one"), session.screen())

        // What the command line says of a rule missing its target, the editor says too.
        let refused = try home.run(["hosts", "edit", "web", "--forward", "L \(port)"])
        XCTAssertNotEqual(refused.status, 0)
        let words = "the forwarding rule '\(port)' is not valid: -L takes"
        XCTAssertTrue(refused.stderr.contains(words + " [bind_address:]port:host:hostport"), refused.stderr)
        session.keys("a")
        XCTAssertTrue(session.waitForScreen(containing: "Add a forward to 'web'"), session.screen())
        session.type("L \(port)")
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: words), session.screen())

        session.type(":127.0.0.1:\(target)")
        session.keys("Enter")
        let listed = "L 127.0.0.1:\(port) → 127.0.0.1:\(target)"
        XCTAssertTrue(session.waitForScreen(where: { $0.contains(listed) && $0.contains("listening") }), session.screen())
        XCTAssertTrue(forwardAnswers(on: port), "the new rule listens: \(session.screen())")
        let shown = try home.succeed(["hosts", "show", "web"])
        XCTAssertTrue(shown.contains("L \(port):127.0.0.1:\(target)"), shown)

        session.keys("d")
        XCTAssertTrue(session.waitForScreen(containing: "Remove a forward of 'web'"), session.screen())
        session.keys("y")
        XCTAssertTrue(session.waitForScreen(containing: "No forwards: a adds one"), session.screen())
        let after = try home.succeed(["hosts", "show", "web"])
        XCTAssertFalse(after.contains("L \(port):"), after)
        XCTAssertTrue(waitUntil(timeout: 15) {
            guard let socket = try? TCPSocket.connect(port: port) else { return true }
            socket.close()
            return false
        }, "its listener closed")
    }
}
