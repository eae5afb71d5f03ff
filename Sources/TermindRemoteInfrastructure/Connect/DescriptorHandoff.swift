import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A file descriptor on its way from one owner to another (a tunnel's socket end, from the
/// previous hop's worker to the next hop's session): whoever `take`s it owns it; if nobody
/// does (the next worker ended first), `closeIfUntaken` closes it, so it never leaks and is
/// never closed twice.
///
/// `Sendable`: the descriptor is behind a `Mutex`.
final class DescriptorHandoff: Sendable {
    private let descriptor: Mutex<Int32?>

    init(_ descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    /// The descriptor, once; nil after it was taken or closed.
    func take() -> Int32? {
        descriptor.withLock { value in
            defer { value = nil }
            return value
        }
    }

    /// Closes the descriptor unless someone took it.
    func closeIfUntaken() {
        if let fd = take() { close(fd) }
    }
}
