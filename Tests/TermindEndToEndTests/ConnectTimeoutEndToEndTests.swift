import Foundation
import TermindTestSupport
import XCTest

/// `--connect-timeout` bounds the whole set-up up to authentication, the banner exchange
/// included, as OpenSSH's ConnectTimeout does: a listener that accepts and never answers is
/// left when the timeout says, by every connecting command.
final class ConnectTimeoutEndToEndTests: XCTestCase {
    private var listener: ChildProcess!
    private var port = 0
    private var home: VaultHome!

    override func setUpWithError() throws {
        // Accepts every connection and never sends a byte (no SSH banner).
        listener = try ChildProcess("python3", ["-c", """
            import socket
            server = socket.socket()
            server.bind(("127.0.0.1", 0))
            server.listen(16)
            print(server.getsockname()[1], flush=True)
            held = []
            while True:
                held.append(server.accept()[0])
            """])
        port = try XCTUnwrap(Int(try listener.waitForLine { Int($0) != nil }))
        home = try VaultHome()
    }

    override func tearDown() {
        listener?.stop()
        listener = nil
        home = nil
    }

    private func timed(_ arguments: [String]) throws -> (ChildProcess.Output, TimeInterval) {
        let started = Date()
        let result = try home.run(arguments)
        return (result, Date().timeIntervalSince(started))
    }

    func testEachConnectingCommandGivesUpOnASilentServerWhenTheTimeoutSays() throws {
        let target = "tester@127.0.0.1:\(port)"
        for (arguments, status) in [
            (["exec", "--batch", "--connect-timeout", "2", target, "--", "true"], Int32(255)),
            (["ls", "--batch", "--connect-timeout", "2", "\(target):/"], Int32(7)),
            (["cp", "--batch", "--connect-timeout", "2", "\(target):/etc/hostname", home.path + "/copy"], Int32(7)),
        ] {
            let (result, seconds) = try timed(arguments)
            XCTAssertEqual(result.status, status, "\(arguments[0]): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("2 s") || result.stderr.contains("timed out") || result.stderr.contains("within"),
                          "\(arguments[0]) says it timed out: \(result.stderr)")
            XCTAssertGreaterThan(seconds, 1.5, "\(arguments[0]) waited the timeout")
            XCTAssertLessThan(seconds, 8, "\(arguments[0]) gave up after \(seconds) s with --connect-timeout 2")
        }
    }

    func testALongerTimeoutIsWaitedInFull() throws {
        let (result, seconds) = try timed(["exec", "--batch", "--connect-timeout", "5", "tester@127.0.0.1:\(port)", "--", "true"])
        XCTAssertEqual(result.status, 255, result.stderr)
        XCTAssertGreaterThan(seconds, 4.5)
        XCTAssertLessThan(seconds, 12)
    }
}
