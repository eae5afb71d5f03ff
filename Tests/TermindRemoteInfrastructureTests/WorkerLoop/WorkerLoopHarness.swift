@testable import TermindRemoteInfrastructure
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

/// A `WorkerLoop` established over a `FakeTransport`, run pass by pass on the test's thread:
/// requests go straight to the loop, and each `pump` is one turn of its work without the
/// `poll`. Its time is a `TestClock`: the loop's timers (keepalives, the silence limit, operation
/// timeouts, a signal's patience) move only when the test advances it (`advance`, `run(for:)`).
final class WorkerLoopHarness {
    let transport: FakeTransport
    let loop: WorkerLoop
    let clock = TestClock()
    private let worker: ConnectionWorker

    init(keepaliveInterval: Int = 0, keepaliveCountMax: Int = 3, ioTimeout: Duration = .seconds(5)) throws {
        worker = try ConnectionWorker(label: "fake")
        transport = try FakeTransport()
        loop = WorkerLoop(worker: worker, ioTimeout: ioTimeout, keepalive: try Keepalive(interval: keepaliveInterval, countMax: keepaliveCountMax),
                          logger: NullLogger(), clock: clock)
        transport.clock = loop.clock
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

    /// Now on the loop's clock.
    var now: ContinuousClock.Instant { loop.clock.now }

    /// Moves the loop's clock on by `duration` (what its `poll` would have slept).
    func advance(by duration: Duration) { clock.advance(by: duration) }

    /// Runs the loop as its thread would for `span` of its clock: a turn, then as long as the
    /// turn's `poll` timeout asks, but at most `step` (the thread also wakes for the socket and
    /// its mailbox). `turn` sees each timeout. Throws what a turn throws (the connection lost).
    func run(for span: Duration, step: Duration = .milliseconds(50), turn: (Int32) throws -> Void = { _ in }) throws {
        let end = now.advanced(by: span)
        while now < end {
            let timeout = try pump()
            try turn(timeout)
            let asked: Duration = timeout < 0 ? step : .milliseconds(max(Int(timeout), 1))
            advance(by: min(asked, step, now.duration(to: end)))
        }
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
