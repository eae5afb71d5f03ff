import Foundation

/// Scratch files for targets whose parser reads a file by path: a directory of this process
/// (under /dev/shm when there is one, so a run costs no disk I/O), made and removed per run.
enum FuzzFile {
    private static let root: String = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return base + "/termind-fuzz-\(getpid())"
    }()

    /// Runs `body` with an empty directory, removed afterwards.
    static func inDirectory<T>(_ body: (String) throws(FuzzFinding) -> T) throws(FuzzFinding) -> T {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw FuzzFinding("cannot create the scratch directory \(root): \(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: root) }
        return try body(root)
    }

    /// Runs `body` with the path of a file holding `contents`.
    static func withContents<T>(_ contents: [UInt8], named name: String, _ body: (String) -> T) throws(FuzzFinding) -> T {
        try inDirectory { directory throws(FuzzFinding) in
            let path = directory + "/" + name
            try write(contents, to: path)
            return body(path)
        }
    }

    static func write(_ contents: [UInt8], to path: String) throws(FuzzFinding) {
        guard FileManager.default.createFile(atPath: path, contents: Data(contents)) else {
            throw FuzzFinding("cannot write the scratch file \(path)")
        }
    }

    /// The result of async `work` that never suspends for long (a store's file read), waited for.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    /// Written by the task before it signals, read after the wait: never at the same time.
    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }
}
