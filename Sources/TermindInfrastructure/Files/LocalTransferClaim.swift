import Glibc
import Synchronization
import TermindApplication

/// A destination claimed by an `flock` on its lock file (`PartialTransferFiles.claim`):
/// released by closing the descriptor, at the latest when the claim is released from memory
/// or the process ends.
///
/// `Sendable`: the descriptor is behind a `Mutex`.
final class LocalTransferClaim: TransferClaim {
    private let descriptor: Mutex<Int32?>

    init(descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    deinit { closeOnce() }

    func release() async { closeOnce() }

    private func closeOnce() {
        if let open = descriptor.withLock({ value in defer { value = nil }; return value }) { close(open) }
    }
}
