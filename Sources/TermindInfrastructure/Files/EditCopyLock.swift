import Glibc
import Synchronization
import TermindApplication
import TermindDomain

/// An edit's `flock` on its lock file (`EditCopyDirectories.lock`), released when the edit
/// ends or, whatever happens, when the process does. The file holds a note naming the edit
/// (`process 1234, its copy at ...`) for the one refused meanwhile, and is removed, still
/// locked, when the edit lets go (a process that died leaves it, unlocked, for the next).
final class EditCopyLock: EditLock {
    /// The locked descriptor; -1 once released.
    private let descriptor: Mutex<Int32>
    /// The lock file, in the private edit directory.
    private let path: String

    init(descriptor: Int32, path: String) {
        self.descriptor = Mutex(descriptor)
        self.path = path
    }

    deinit { release() }

    func note(copy: String) {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            let text = Array("process \(getpid()), its copy at \(copy)".utf8)
            _ = ftruncate(descriptor, 0)
            _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
    }

    func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            unlink(path)
            flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }
    }

    /// What the holder noted, at most one short line of plain text; nil when there is none.
    static func note(in descriptor: Int32) -> String? {
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        let line = text.prefix { $0 != "\n" }
        return line.isEmpty ? nil : TerminalSafeText(String(line)).text
    }
}
