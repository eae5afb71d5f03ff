import Synchronization

/// Waits for tasks, but no longer than a deadline: the workbench's Sessions close cleanly when
/// their servers answer, and a dead peer never keeps the person waiting at exit. The tasks
/// themselves go on (or end with the process). Callable from any task.
enum BoundedWait {
    static func wait(for tasks: [Task<Void, Never>], atMost timeout: Duration) async {
        guard !tasks.isEmpty else { return }
        let first = FirstToFinish()
        await withCheckedContinuation { continuation in
            first.waiter.withLock { $0 = continuation }
            Task.detached {
                for task in tasks { await task.value }
                first.finish()
            }
            Task.detached {
                try? await Task.sleep(for: timeout)
                first.finish()
            }
        }
    }

    /// Resumes the waiter once, for whichever side finishes first.
    private final class FirstToFinish: Sendable {
        let waiter = Mutex<CheckedContinuation<Void, Never>?>(nil)

        func finish() {
            waiter.withLock { $0.take() }?.resume()
        }
    }
}
