import COpenSSL

/// Comparisons whose running time does not depend on where secret bytes differ.
///
/// Stateless; safe from any thread.
public enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes. Arrays of different lengths are unequal; only the
    /// lengths, which are not secret, decide that early.
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withCBytes { a, count in
            b.withCBytes { b, _ in CRYPTO_memcmp(a, b, count) == 0 }
        }
    }
}
