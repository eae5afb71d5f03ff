import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import XCTest

@testable import TermindRemoteInfrastructure

/// Issue 42: the half-second identity limit is for the first probe only (whether to share at
/// all). A later channel on a connection already shared waits as long as any request, and
/// no longer: a busy holder still serves it, a stopped one fails it instead of hanging.
final class ControlSocketConnectionTests: XCTestCase {
    private var base: String!

    override func setUpWithError() throws {
        base = NSTemporaryDirectory() + "termind-connection-\(UUID().uuidString)"
        XCTAssertEqual(mkdir(base, 0o700), 0)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: base)
    }

    private let identity = ControlIdentity(
        username: "u", hostname: "h", port: 22,
        hostKey: HostKey(algorithm: "ssh-ed25519", blob: [9], fingerprint: KeyFingerprint(blob: [9])), serverBanner: nil)

    /// A holder that says who it is after `delay` and then answers `opened`, or never answers
    /// when `answers` is false (stopped right after the handshake). Its clients stay open.
    private func fakeHolder(delay: TimeInterval, answers: Bool) throws -> String {
        let path = base + "/h.sock"
        let (listener, inUse) = try UnixSocket.listen(path)
        XCTAssertFalse(inUse)
        let frames = (identity: identity.frame.encoded, opened: ControlFrame(.opened).encoded)
        let thread = Thread {
            var clients: [Int32] = []
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                clients.append(client)
                Thread.sleep(forTimeInterval: delay)  // a slow holder is the behaviour under test
                _ = frames.identity.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                if answers { _ = frames.opened.withUnsafeBytes { write(client, $0.baseAddress, $0.count) } }
            }
        }
        thread.start()
        addTeardownBlock { shutdown(listener, Int32(SHUT_RDWR)) }
        return path
    }

    func testALaterChannelWaitsForABusyHolderBeyondTheIdentityLimit() async throws {
        let path = try fakeHolder(delay: 1, answers: true)
        let connection = ControlSocketConnection(path: path, label: "web", identity: identity, requestTimeout: .seconds(10))
        _ = try await connection.execute("true")
    }

    func testAChannelOnAHolderStoppedAfterTheHandshakeFailsWithinTheRequestTimeout() async throws {
        let path = try fakeHolder(delay: 0, answers: false)
        let connection = ControlSocketConnection(path: path, label: "web", identity: identity, requestTimeout: .seconds(1))
        let done = expectation(description: "the channel's open ends")
        let outcome = Mutex<SSHFailure?>(nil)
        Task {
            do {
                _ = try await connection.execute("true")
            } catch let failure as SSHFailure {
                outcome.withLock { $0 = failure }
            }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 10)
        let failure = try XCTUnwrap(outcome.withLock { $0 })
        XCTAssertTrue(failure.detail.contains("did not answer within"), failure.detail)
    }
}
