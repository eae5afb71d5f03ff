import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

@testable import TermindRemoteInfrastructure

/// The holder's idle limit (`exec --persist`'s `--idle`): `waitUntilIdle` returns once no client
/// has been connected for the limit, counted on the server's clock (a test clock here), and at
/// its next look once the server stops.
final class ControlServerIdleTests: XCTestCase {
    private var base: String!

    override func setUpWithError() throws {
        base = NSTemporaryDirectory() + "termind-idle-\(UUID().uuidString.prefix(8))"
        XCTAssertEqual(mkdir(base, 0o700), 0)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: base)
    }

    private func server(clock: TestClock) throws -> ControlServer {
        let identity = ControlIdentity(
            username: "u", hostname: "h", port: 22,
            hostKey: HostKey(algorithm: "ssh-ed25519", blob: [9], fingerprint: KeyFingerprint(blob: [9])), serverBanner: nil)
        let target = ControlTarget(vault: base + "/termind.db", label: "web", username: "u", hostname: "h", port: 22)
        let started = try ControlServer.start(
            in: ControlSocketDirectory(path: base + "/sockets"), for: target, identity: identity, clock: clock
        ) { throw CancellationError() }
        return try XCTUnwrap(started)
    }

    func testTheHolderIsIdleOnlyOnceNoClientWasConnectedForTheWholeLimit() async throws {
        let clock = TestClock()
        let server = try server(clock: clock)
        defer { server.stop() }
        let idle = Mutex(false)
        let waiting = Task {
            await server.waitUntilIdle(for: .seconds(5))
            idle.withLock { $0 = true }
        }
        defer { waiting.cancel() }
        // It looks again at least once a second (the socket may be removed meanwhile).
        for _ in 1...4 {
            await eventually("the idle wait sleeps on the clock") { clock.sleeperCount == 1 }
            clock.advance(by: .seconds(1))
        }
        await eventually("the idle wait sleeps on the clock") { clock.sleeperCount == 1 || idle.withLock { $0 } }
        XCTAssertFalse(idle.withLock { $0 }, "idle after 4 s of a 5 s limit")
        clock.advance(by: .seconds(1))
        await eventually("idle after the whole limit") { idle.withLock { $0 } }
    }

    func testAStoppedHolderEndsTheIdleWaitAtItsNextLook() async throws {
        let clock = TestClock()
        let server = try server(clock: clock)
        let waiting = Task { await server.waitUntilIdle(for: .seconds(3_600)) }
        await eventually("the idle wait sleeps on the clock") { clock.sleeperCount == 1 }
        server.stop()
        clock.advance(by: .seconds(1))  // its next look, which finds the server stopped
        await waiting.value
    }
}
