import Foundation

/// The one copy of a `Secret`'s bytes: allocated outside Swift's arrays (which copy on write and
/// leave their old buffers to the allocator), followed by a NUL so C calls can take it as a
/// string, and zeroed with `explicit_bzero` (which the compiler may not drop) when the last
/// `Secret` sharing it is released.
final class SecretBytes: @unchecked Sendable {
    /// Immutable after `init`, so sharing it between threads is safe.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// Called with the wiped storage just before it is freed (tests look at it).
    private let released: ((UnsafeBufferPointer<UInt8>) -> Void)?

    init(copying bytes: some Collection<UInt8>, released: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) {
        storage = .allocate(capacity: bytes.count + 1)
        _ = storage.initialize(from: bytes)
        storage[bytes.count] = 0
        self.released = released
    }

    deinit {
        explicit_bzero(storage.baseAddress!, storage.count)
        released?(UnsafeBufferPointer(storage))
        storage.deallocate()
    }

    /// The bytes, without the NUL.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage.dropLast()) }

    /// The bytes as a NUL-terminated C string (one with a NUL inside ends early for C).
    var cString: UnsafePointer<CChar> { UnsafeRawPointer(storage.baseAddress!).assumingMemoryBound(to: CChar.self) }
}
