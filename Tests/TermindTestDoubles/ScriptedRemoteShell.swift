import Synchronization
import TermindApplication

/// A remote shell in memory: the test says what it prints (`print`) and reads what was
/// written to it, each write waking whoever waits for a count of bytes.
public final class ScriptedRemoteShell: RemoteShell {
    public let output: AsyncThrowingStream<RemoteOutput, any Error>
    private let continuation: AsyncThrowingStream<RemoteOutput, any Error>.Continuation
    private let state = Mutex<(written: [UInt8], waiters: [(Int, CheckedContinuation<Void, Never>)])>(([], []))

    public init() {
        (output, continuation) = AsyncThrowingStream.makeStream(of: RemoteOutput.self)
    }

    public func print(_ bytes: [UInt8]) { continuation.yield(.stdout(bytes)) }

    public var written: [UInt8] { state.withLock { $0.written } }

    /// Returns once at least `count` bytes were written, or the shell closed.
    public func waitForWritten(_ count: Int) async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.written.count >= count { return true }
                state.waiters.append((count, waiter))
                return false
            }
            if now { waiter.resume() }
        }
    }

    public func write(_ bytes: [UInt8]) async throws { record(bytes) }
    public func post(_ bytes: [UInt8], failed: @escaping @Sendable (any Error) -> Void) { record(bytes) }
    public func closeInput() async throws {}
    public func close() async {
        continuation.finish()
        let woken = state.withLock { state in
            defer { state.waiters = [] }
            return state.waiters.map(\.1)
        }
        for waiter in woken { waiter.resume() }
    }
    public func resize(_ size: TerminalSize) async {}

    private func record(_ bytes: [UInt8]) {
        let woken = state.withLock { state in
            state.written += bytes
            let total = state.written.count
            let woken = state.waiters.filter { $0.0 <= total }.map(\.1)
            state.waiters.removeAll { $0.0 <= total }
            return woken
        }
        for waiter in woken { waiter.resume() }
    }
}
