import Foundation
import Synchronization
import TermindTestSupport

/// The benchmark's top-level directories, removed when the process exits by any path. Globals of
/// `main.swift` are never released, so `TemporaryDirectory`'s own clean-up never runs for them,
/// and each full run left about 5 GiB of payloads under the temporary folder.
enum ScratchDirectories {
    private static let made = Mutex<[TemporaryDirectory]>([])

    static func make(prefix: String, mode: mode_t = 0o700) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(prefix: prefix, mode: mode)
        made.withLock { $0.append(directory) }
        return directory
    }

    /// Registers the removal with `atexit`, which `exit` and a return from `main` both run.
    static func removeAtExit() {
        atexit { ScratchDirectories.made.withLock { directories in directories.forEach { $0.remove() } } }
    }
}
