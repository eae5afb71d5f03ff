import Foundation
import TermindTestSupport

/// Counts this process's connection worker threads by name (`/proc/self/task/*/comm`), so a
/// test can see that the workers it started have ended.
enum WorkerThreads {
    static func count() -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return name.trimmingCharacters(in: .whitespacesAndNewlines) == "termind-ssh"
        }.count
    }

    /// Every thread's name, for a failure message.
    static func names() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.map { ((try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines) }.sorted()
    }

    /// Waits up to `timeout` until at most `limit` worker threads are left; returns the count.
    static func waitUntil(atMost limit: Int, timeout: Duration = .seconds(5)) async -> Int {
        _ = await pollUntil(timeout: timeout) { count() <= limit }
        return count()
    }
}
