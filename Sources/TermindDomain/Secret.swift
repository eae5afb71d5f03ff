import Foundation
import TermindCrypto

/// A password, passphrase, private key or answer held in memory.
///
/// It prints as `<secret>` in every interpolation, `description` and `dump`, so a value that
/// slips into a log line, an error message or JSON output shows nothing. Read the bytes only
/// where they are used (`withBytes`, `withCString`), never to display them. The bytes live in
/// one wiping buffer that copies of the `Secret` share; it is zeroed when the last is released.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let storage: SecretBytes

    public init(_ text: String) { storage = SecretBytes(copying: text.utf8) }
    public init(bytes: some Collection<UInt8>) { storage = SecretBytes(copying: bytes) }

    /// Takes the bytes and zeroes `bytes`, the caller's copy (a line read from a terminal, a
    /// decrypted key), so only the wiping buffer keeps them.
    public init(wiping bytes: inout [UInt8]) {
        storage = SecretBytes(copying: bytes)
        bytes.wipe()
    }

    /// For tests: `released` sees the buffer after it was zeroed, just before it is freed.
    init(bytes: [UInt8], released: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        storage = SecretBytes(copying: bytes, released: released)
    }

    public var description: String { "<secret>" }
    public var debugDescription: String { "<secret>" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    public var isEmpty: Bool { storage.bytes.isEmpty }
    public var count: Int { storage.bytes.count }

    /// The content as text, for file content read as a possible secret that turns out to be
    /// configuration (an ssh_config, a known_hosts file). A `String` cannot be wiped: never use
    /// it for a password, a passphrase or a key.
    public var revealed: String { String(decoding: storage.bytes, as: UTF8.self) }

    /// The bytes, for the one call that uses them; `body` must not keep or copy them.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(storage.bytes) }
    }

    /// The bytes as an array for APIs that take one (the crypto layer); the array is zeroed
    /// when `body` returns, so `body` must not keep it.
    public func withByteArray<R>(_ body: ([UInt8]) throws -> R) rethrows -> R {
        var copy = Array(storage.bytes)
        defer { copy.wipe() }
        return try body(copy)
    }

    /// The bytes followed by a NUL, for C calls (libssh2) that take a string and a length.
    public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(storage.cString) }
    }

    public static func == (lhs: Secret, rhs: Secret) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.bytes.elementsEqual(rhs.storage.bytes)
    }
}
