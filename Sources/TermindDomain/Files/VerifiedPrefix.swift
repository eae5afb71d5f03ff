/// Which prefix of a partial file is known to hold the right bytes while its writes complete
/// out of order: the longest run from the start whose writes have all been acknowledged, with
/// the SHA-256 of exactly that run. A resume seeks to `length` after checking `sha256`.
///
/// The transfer hashes chunks in source order and records the digest at each chunk's end
/// (`hashed(through:sha256:)`) before writing it; acknowledged writes (`acknowledged(from:count:)`)
/// then move `length` to the furthest recorded chunk end with nothing missing before it.
/// Digests for ends already passed are dropped, so memory stays bounded by the writes in flight.
public struct VerifiedPrefix: Sendable, Equatable {
    /// Bytes from the start known to be written.
    public private(set) var length: UInt64
    /// SHA-256 (hex) of the first `length` bytes.
    public private(set) var sha256: String
    /// Everything before this offset has been acknowledged (may run past the last digest).
    private var contiguousEnd: UInt64
    /// Digests of `[0, end)`, by `end`, for ends beyond `length`.
    private var digests: [UInt64: String] = [:]
    /// Acknowledged writes beyond `contiguousEnd`: start → end.
    private var pending: [UInt64: UInt64] = [:]

    /// Starts from a prefix already verified (`length` 0 and the empty digest for a fresh file).
    public init(length: UInt64 = 0, sha256: String = ContentDigest.emptyHex) {
        self.length = length
        self.sha256 = sha256
        contiguousEnd = length
    }

    /// Records that the bytes `[0, end)` hash to `sha256`.
    public mutating func hashed(through end: UInt64, sha256: String) {
        guard end > length else { return }
        digests[end] = sha256
        advance()
    }

    /// Records that the write of `count` bytes at `start` completed.
    public mutating func acknowledged(from start: UInt64, count: UInt64) {
        guard count > 0 else { return }
        let end = start + count
        guard end > contiguousEnd else { return }
        if start <= contiguousEnd {
            contiguousEnd = end
        } else {
            pending[start] = max(pending[start] ?? 0, end)
        }
        advance()
    }

    private mutating func advance() {
        // Chunks split into several writes may start inside a run already acknowledged.
        var grew = true
        while grew {
            grew = false
            for (start, end) in pending where start <= contiguousEnd {
                pending[start] = nil
                if end > contiguousEnd {
                    contiguousEnd = end
                    grew = true
                }
            }
        }
        let reached = digests.keys.filter { $0 <= contiguousEnd }
        guard let best = reached.max(), let digest = digests[best] else { return }
        length = best
        sha256 = digest
        for end in reached { digests[end] = nil }
    }
}
