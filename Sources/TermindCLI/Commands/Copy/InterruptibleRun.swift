import Foundation
import Synchronization
import TermindApplication

/// Runs a long operation so that Ctrl-C (SIGINT) or SIGTERM cancels its task instead of
/// killing the process: the transfer engine then stops keeping its partial files, and the
/// command reports them and exits 130. The handlers are installed whatever the signals'
/// dispositions were (a shell starts background jobs with SIGINT ignored). Nothing on the
/// cancel path waits on a server, so the run ends at once; a second signal ends the process
/// without waiting for the first to finish (docs/behaviour.md §8).
enum InterruptibleRun {
    static func run<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) async -> Result {
        let task = Task { await body() }
        let signalled = Mutex(false)
        InterruptSignals.start { _ in
            let again = signalled.withLock { signalled in defer { signalled = true }; return signalled }
            if again {
                FileHandle.standardError.write(Data("termind: interrupted again; stopping without waiting\n".utf8))
                _exit(ExitCode.interrupted.rawValue)
            }
            task.cancel()
        }
        let result = await task.value
        InterruptSignals.stop()
        return result
    }

    /// `run` for a body that throws: once SIGINT or SIGTERM came, whatever it threw (the
    /// cancel's `CancellationError`, or a failure the cancel caused) is `CommandInterrupted`.
    static func run<Result: Sendable>(
        _ what: String, _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let outcome: Swift.Result<Result, any Error> = await run {
            do {
                return .success(try await body())
            } catch {
                return .failure(Task.isCancelled ? CommandInterrupted(what: what) : error)
            }
        }
        return try outcome.get()
    }
}
