import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Keepalives: answered ones keep a quiet connection alive; a peer that stops answering is
/// detected and every open stream ends with `.dropped`.
final class ConnectionKeepaliveTests: XCTestCase {
    func testAnsweredKeepalivesKeepAQuietCommandAlive() async throws {
        let server = try startSSHD()
        let plan = server.plan(credentials: [try server.clientKeyCredential()], keepalive: try Keepalive(interval: 1, countMax: 3))
        let output = try await within(.seconds(20)) {
            let connection = try await LibSSH2Connector(agentSocketPath: nil)
                .connect(plan, using: connectionContext())
            let output = try await CollectedOutput.collect(try await connection.execute("sleep 6; echo awake").output)
            await connection.close()
            return output
        }
        XCTAssertEqual(output.stdoutText, "awake\n")
        XCTAssertEqual(output.exit, .exit(status: 0, signal: nil))
    }

    /// libssh2 1.10 leaves each keepalive's answer (REQUEST_FAILURE) in its packet queue, and a
    /// remote forward's request takes the first such answer as its own.
    func testARemoteForwardAskedAfterAnsweredKeepalivesListens() async throws {
        let server = try startSSHD()
        let plan = server.plan(credentials: [try server.clientKeyCredential()], keepalive: try Keepalive(interval: 1, countMax: 3))
        let port = try SSHDServer.unusedPort()
        let listening = try await within(.seconds(30)) {
            let connection = try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext())
            let quiet = try await connection.execute("sleep 30")  // an open channel: libssh2's keepalives go out
            try await Task.sleep(for: .milliseconds(3_500))  // a real server's keepalive answers pile up: the time is the behaviour
            defer { Task { await quiet.close(); await connection.close() } }
            return try await connection.forward(try ForwardRule(.remote, parsing: "127.0.0.1:\(port):127.0.0.1:9"))
        }
        XCTAssertEqual(listening.port, port)
    }

    func testAPeerThatStopsAnsweringIsDetectedAndTheStreamEndsWithDropped() async throws {
        let server = try startSSHD()
        let proxy = try FreezableProxy(targetPort: server.port)
        defer { proxy.stop() }
        let plan = ConnectionPlan(label: "vanishing", hostname: "127.0.0.1", port: proxy.port, username: server.username,
                                  credentials: [try server.clientKeyCredential()], useAgent: false,
                                  keepalive: try Keepalive(interval: 1, countMax: 3))
        let before = WorkerThreads.count()
        try await within(.seconds(30)) {
            let connection = try await LibSSH2Connector(agentSocketPath: nil)
                .connect(plan, using: connectionContext(ioTimeout: .seconds(60)))
            let process = try await connection.execute("echo started; sleep 60")
            var iterator = process.output.makeAsyncIterator()
            let first = try await iterator.next()
            XCTAssertEqual(first, .stdout(Array("started\n".utf8)))
            proxy.freeze()
            let frozen = ContinuousClock.now
            do {
                while try await iterator.next() != nil {}
                XCTFail("the stream ended normally")
            } catch let failure as SSHFailure {
                XCTAssertEqual(failure.kind, .dropped, "\(failure)")
                XCTAssertTrue(failure.detail.contains("keepalives"), failure.detail)
            }
            let waited = frozen.duration(to: .now)
            XCTAssertGreaterThanOrEqual(waited, .seconds(3))
            XCTAssertLessThan(waited, .seconds(8))
            await connection.close()
        }
        let left = await WorkerThreads.waitUntil(atMost: before)
        XCTAssertLessThanOrEqual(left, before)
    }
}
