import Foundation
import TermindApplication
import TermindDomain

/// Watches a `termind ssh` shell's output for the shell integration's marks (the output itself
/// goes to the terminal untouched) and stores the commands they report in the Host's command
/// history (docs/behaviour.md §3), in order, off the reading loop. A store that fails is
/// reported once the session is over: while it runs the terminal belongs to the remote shell.
struct CommandHistoryTap {
    private var scanner: ShellMarkScanner
    private var recorder: CommandRecorder
    private let entries: AsyncStream<CommandHistoryEntry>.Continuation
    private let writer: Task<(any Error)?, Never>

    /// Only marks carrying `token`, the session's, are the shell's.
    init(hostID: UUID, token: ShellMarkToken, store: any VaultStore) {
        scanner = ShellMarkScanner(token: token)
        recorder = CommandRecorder(hostID: hostID)
        let (stream, continuation) = AsyncStream<CommandHistoryEntry>.makeStream()
        entries = continuation
        writer = Task {
            var failure: (any Error)?
            for await entry in stream where failure == nil {
                do { try await store.record(entry) } catch { failure = error }
            }
            return failure
        }
    }

    mutating func observe(_ bytes: [UInt8]) {
        for mark in scanner.scan(bytes) {
            if let entry = recorder.observe(mark, at: Date()) { entries.yield(entry) }
        }
    }

    /// Waits for the rows seen so far to be stored; the first failure, if any.
    func finish() async -> (any Error)? {
        entries.finish()
        return await writer.value
    }
}
