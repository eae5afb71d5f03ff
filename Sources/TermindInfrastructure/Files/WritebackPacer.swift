import CLinux
import Synchronization

/// Hands a file's written data to the kernel's writeback while the copy goes on
/// (`sync_file_range`, write-out started, not waited for), every `stride` bytes.
///
/// Why: the kernel starts writing dirty pages on its own only past `dirty_background_ratio`
/// (gigabytes on a machine with memory to spare), so a 1 GiB download stayed in memory and the
/// `fsync` before the rename waited over a second for all of it. Started early, the disk works
/// beside the network and that `fsync` finds almost nothing left.
struct WritebackPacer: ~Copyable, Sendable {
    static let stride: UInt64 = 8 << 20
    /// Everything below this offset was handed over (writes land out of order within a window;
    /// one landing below it later is left to the final `fsync`).
    private let handedOver = Mutex<UInt64>(0)

    /// Called after a write that ended at `end`; a failure only leaves more to the final `fsync`.
    func wrote(through end: UInt64, descriptor: Int32) {
        guard let range = handOver(through: end) else { return }
        _ = sync_file_range(descriptor, __off64_t(range.lowerBound), __off64_t(range.count), UInt32(TERMIND_SYNC_FILE_RANGE_WRITE))
    }

    /// The bytes to hand over now that a write ended at `end`: none until `stride` bytes past
    /// the last hand-over.
    func handOver(through end: UInt64) -> Range<UInt64>? {
        handedOver.withLock { handedOver in
            guard end >= handedOver + Self.stride else { return nil }
            defer { handedOver = end }
            return handedOver..<end
        }
    }
}
