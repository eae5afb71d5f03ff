import TermindCrypto

/// The SHA-256 of a file's content as it streams through a transfer, with the number of bytes
/// fed. A value: a copy goes on independently of the original (copy-on-write over libcrypto's
/// context), so the digest of a prefix can be kept while hashing continues.
///
/// Not `Sendable` (it holds a libcrypto context): keep it in the one task that feeds it, and
/// pass its `hex` across.
public struct ContentDigest {
    private var hasher: SHA256
    /// How many bytes have been fed.
    public private(set) var byteCount: UInt64 = 0

    public init() { hasher = SHA256() }

    public mutating func update(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if !isKnownUniquelyReferenced(&hasher) { hasher = hasher.copy() }
        hasher.update(bytes)
        byteCount += UInt64(bytes.count)
    }

    /// The digest of everything fed so far; the digest can go on being fed afterwards.
    public func finalize() -> [UInt8] { hasher.finalize() }

    /// `finalize()` as lower-case hexadecimal, as reports and partial-transfer records hold it.
    public var hex: String { finalize().hexString }

    /// The SHA-256 of nothing, in hexadecimal: the digest of an empty prefix.
    public static let emptyHex = SHA256.hash([]).hexString

    /// The SHA-256 of `bytes` in hexadecimal.
    public static func hex(of bytes: [UInt8]) -> String { SHA256.hash(bytes).hexString }
}
