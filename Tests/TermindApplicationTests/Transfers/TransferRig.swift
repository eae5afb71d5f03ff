import Synchronization
import TermindApplication
import TermindDomain
import XCTest

/// Collects the engine's events for assertions.
final class EventRecorder: Sendable {
    private let events = Mutex<[TransferEvent]>([])

    var all: [TransferEvent] { events.withLock { $0 } }

    var observer: @Sendable (TransferEvent) -> Void { { event in self.events.withLock { $0.append(event) } } }

    var restarts: [TransferRestartReason] {
        all.compactMap { if case .restarted(_, let reason, _) = $0 { return reason } else { return nil } }
    }

    var starts: [TransferStart] {
        all.compactMap { if case .started(_, let start) = $0 { return start } else { return nil } }
    }

    var progress: [TransferProgress] {
        all.compactMap { if case .progress(_, let progress) = $0 { return progress } else { return nil } }
    }

    var finished: [TransferFileReport] {
        all.compactMap { if case .finished(let report) = $0 { return report } else { return nil } }
    }
}

/// Answers conflicts from a script, records what it was asked, and checks it is asked one
/// question at a time.
final class ScriptedResolver: ConflictResolver {
    private struct State {
        var answers: [ConflictAnswer]
        var asked: [TransferConflict] = []
        var concurrent = 0
        var maxConcurrent = 0
    }

    private let state: Mutex<State>
    private let delay: Duration

    init(_ answers: [ConflictAnswer], delay: Duration = .milliseconds(5)) {
        state = Mutex(State(answers: answers))
        self.delay = delay
    }

    var asked: [TransferConflict] { state.withLock { $0.asked } }
    var maxConcurrent: Int { state.withLock { $0.maxConcurrent } }

    func resolve(_ conflict: TransferConflict) async throws -> ConflictAnswer {
        state.withLock { state in
            state.concurrent += 1
            state.maxConcurrent = max(state.maxConcurrent, state.concurrent)
            state.asked.append(conflict)
        }
        defer { state.withLock { $0.concurrent -= 1 } }
        try await Task.sleep(for: delay)  // a person slow to answer: questions overlap only if the queue lets them
        return state.withLock { state in
            state.answers.isEmpty ? ConflictAnswer(.fail) : state.answers.removeFirst()
        }
    }
}

/// Deterministic bytes that differ at every offset within a file and between seeds.
func sampleBytes(_ count: Int, seed: UInt64 = 1) -> [UInt8] {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    return (0..<count).map { _ in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
}

extension TransferBatchReport {
    func outcome(of path: String) -> TransferOutcome? {
        files.first { $0.source.path == path }?.outcome
    }

    func completion(of path: String) -> TransferCompletion? {
        guard case .completed(let completion)? = outcome(of: path) else { return nil }
        return completion
    }

    func failure(of path: String) -> TransferFailure? {
        guard case .failed(let failure)? = outcome(of: path) else { return nil }
        return failure
    }

    func pause(of path: String) -> TransferPause? {
        guard case .paused(let pause)? = outcome(of: path) else { return nil }
        return pause
    }
}

/// A site for a memory file system, used like a `termind cp` connection (one transfer on it
/// while extras may open) unless told otherwise.
func site(_ fileSystem: MemoryFileSystem, primaryTransfers: Int = .max) -> TransferSite {
    TransferSite(fileSystem: fileSystem, primaryTransfers: primaryTransfers)
}
