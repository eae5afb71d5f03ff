import Glibc
import Synchronization
import TermindApplication

/// A descriptor of a local file, owned by one reader or writer: closed once, by `close()` or,
/// failing that, when released.
///
/// `Sendable`: the descriptor never changes and the closed flag is behind a `Mutex`.
final class LocalOpenFile: Sendable {
    let path: String
    private let descriptor: Int32
    private let closed = Mutex(false)

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        if !closed.withLock({ $0 }) { Glibc.close(descriptor) }
    }

    /// The descriptor, or an error saying `what` cannot be done once the file was closed.
    func liveDescriptor(_ what: String) throws -> Int32 {
        guard !closed.withLock({ $0 }) else {
            throw FileSystemError(.failure, location: "local", path: path, detail: "\(what): the file was closed")
        }
        return descriptor
    }

    func close() throws {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        guard Glibc.close(descriptor) == 0 else { throw FileSystemError(errno: errno, "cannot close", path: path) }
    }
}
