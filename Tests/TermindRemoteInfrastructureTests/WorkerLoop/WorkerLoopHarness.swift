@testable import TermindRemoteInfrastructure
import TermindApplication
import TermindDomain
import XCTest

/// A `WorkerLoop` established over a `FakeTransport`, run pass by pass on the test's thread:
/// requests go straight to the loop, and each `pump` is one turn of its work without the
/// `poll`.
final class WorkerLoopHarness {
    let transport: FakeTransport
    let loop: WorkerLoop
    private let worker: ConnectionWorker

    init(keepaliveInterval: Int = 0, keepaliveCountMax: Int = 3, ioTimeout: Duration = .seconds(5)) throws {
        worker = try ConnectionWorker(label: "fake")
        transport = try FakeTransport()
        loop = WorkerLoop(worker: worker, ioTimeout: ioTimeout, keepalive: try Keepalive(interval: keepaliveInterval, countMax: keepaliveCountMax),
                          logger: NullLogger())
        loop.adopt(transport: transport)
        loop.establish()
    }

    /// One turn's work; returns how long the loop would then `poll` (ms, -1: no limit).
    @discardableResult
    func pump(_ turns: Int = 1) throws -> Int32 {
        var timeout: Int32 = -1
        for _ in 0..<turns { timeout = try loop.pump() }
        return timeout
    }

    /// Makes a request of the loop and pumps until it is answered (at most `turns` turns).
    func request<T: Sendable>(
        turns: Int = 10, _ start: (WorkerLoop, CheckedContinuation<T, any Error>) -> Void
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            start(loop, continuation)
            for _ in 0..<turns { _ = try? loop.pump() }
        }
    }

    /// Opens an exec channel; returns it as the loop's caller sees it and as the fake holds it.
    func exec(_ command: String = "work") async throws -> (handle: ChannelHandle, channel: FakeTransportChannel) {
        let handle: ChannelHandle = try await request { loop, continuation in loop.openExec(command, continuation: continuation) }
        return (handle, try XCTUnwrap(transport.opened.last))
    }

    /// Everything buffered in `output` so far (stops at the first element not yet there).
    static func take(_ output: ChannelOutput, bytes limit: Int = .max) async throws -> (stdout: [UInt8], stderr: [UInt8], exit: RemoteOutput?) {
        var stdout: [UInt8] = [], stderr: [UInt8] = []
        var exit: RemoteOutput?
        while stdout.count + stderr.count < limit, output.hasBuffered, let element = try await output.next() {
            switch element {
            case .stdout(let bytes): stdout += bytes
            case .stderr(let bytes): stderr += bytes
            case .exit: exit = element
            }
        }
        return (stdout, stderr, exit)
    }
}
