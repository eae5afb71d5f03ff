/// The Blowfish block cipher (Schneier, 1993) with the two key-schedule steps of bcrypt's
/// "expensive key schedule" (Provos and Mazières, 1999), as OpenBSD's `blf.c` exposes them for
/// ``BCryptPBKDF``. Nothing else here uses Blowfish to encrypt data.
///
/// Owns one allocation holding the P-array and S-boxes, zeroed and freed in `deinit`. Not
/// thread-safe and not `Sendable`: each derivation makes its own.
final class Blowfish {
    static let pCount = 18
    static let sCount = 4 * 256

    /// P-array then the four S-boxes, `pCount + sCount` words.
    private let state: UnsafeMutablePointer<UInt32>
    private var s: UnsafeMutablePointer<UInt32> { state + Self.pCount }

    /// A cipher in its initial state (the digits of pi), before any key is mixed in.
    init() {
        state = .allocate(capacity: Self.pCount + Self.sCount)
        Self.initialP.withUnsafeBufferPointer { state.initialize(from: $0.baseAddress!, count: Self.pCount) }
        Self.initialS.withUnsafeBufferPointer {
            (state + Self.pCount).initialize(from: $0.baseAddress!, count: Self.sCount)
        }
    }

    /// A cipher keyed the standard way (the key schedule is ``expand0State(key:)`` from the
    /// initial state). `key` must not be empty.
    convenience init(key: [UInt8]) {
        self.init()
        expand0State(key: key)
    }

    deinit {
        state.update(repeating: 0, count: Self.pCount + Self.sCount)
        state.deallocate()
    }

    /// Encrypts one 64-bit block held as two big-endian halves.
    @inline(__always)
    func encrypt(_ left: inout UInt32, _ right: inout UInt32) {
        let p = state, s = s
        var l = left ^ p[0]
        var r = right
        var round = 1
        while round < 17 {
            r ^= Self.f(s, l) ^ p[round]
            l ^= Self.f(s, r) ^ p[round + 1]
            round += 2
        }
        left = r ^ p[17]
        right = l
    }

    /// Decrypts one 64-bit block held as two big-endian halves.
    func decrypt(_ left: inout UInt32, _ right: inout UInt32) {
        let p = state, s = s
        var l = left ^ p[17]
        var r = right
        var round = 16
        while round > 0 {
            r ^= Self.f(s, l) ^ p[round]
            l ^= Self.f(s, r) ^ p[round - 1]
            round -= 2
        }
        left = r ^ p[0]
        right = l
    }

    /// Encrypts one 8-byte block (ECB), for the published test vectors.
    func encryptBlock(_ block: [UInt8]) -> [UInt8] {
        precondition(block.count == 8, "Blowfish blocks are 8 bytes")
        var (l, r) = Self.halves(block)
        encrypt(&l, &r)
        return Self.bytes(l, r)
    }

    /// Decrypts one 8-byte block (ECB).
    func decryptBlock(_ block: [UInt8]) -> [UInt8] {
        precondition(block.count == 8, "Blowfish blocks are 8 bytes")
        var (l, r) = Self.halves(block)
        decrypt(&l, &r)
        return Self.bytes(l, r)
    }

    /// `Blowfish_expand0state`: mixes `key` into the P-array, then replaces P and S with a
    /// chain of encryptions of a zero block.
    func expand0State(key: [UInt8]) {
        precondition(!key.isEmpty, "a Blowfish key must not be empty")
        key.withUnsafeBufferPointer { key in
            mixKey(key)
            var l: UInt32 = 0
            var r: UInt32 = 0
            var index = 0
            while index < Self.pCount + Self.sCount {
                encrypt(&l, &r)
                state[index] = l
                state[index + 1] = r
                index += 2
            }
        }
    }

    /// `Blowfish_expandstate`: as ``expand0State(key:)``, but each block of the chain is first
    /// XORed with the next 8 bytes of `data` (the salt), taken cyclically.
    func expandState(data: [UInt8], key: [UInt8]) {
        precondition(!key.isEmpty && !data.isEmpty, "bcrypt's key and salt must not be empty")
        key.withUnsafeBufferPointer { key in
            data.withUnsafeBufferPointer { data in
                mixKey(key)
                var position = 0
                var l: UInt32 = 0
                var r: UInt32 = 0
                var index = 0
                while index < Self.pCount + Self.sCount {
                    l ^= Self.word(data, &position)
                    r ^= Self.word(data, &position)
                    encrypt(&l, &r)
                    state[index] = l
                    state[index + 1] = r
                    index += 2
                }
            }
        }
    }

    private func mixKey(_ key: UnsafeBufferPointer<UInt8>) {
        var position = 0
        for index in 0..<Self.pCount {
            state[index] ^= Self.word(key, &position)
        }
    }

    /// `Blowfish_stream2word`: the next four bytes of `data` as a big-endian word, wrapping
    /// around to its start.
    @inline(__always)
    static func word(_ data: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> UInt32 {
        var word: UInt32 = 0
        for _ in 0..<4 {
            if position >= data.count { position = 0 }
            word = word << 8 | UInt32(data[position])
            position += 1
        }
        return word
    }

    @inline(__always)
    private static func f(_ s: UnsafeMutablePointer<UInt32>, _ x: UInt32) -> UInt32 {
        let a = s[Int(x >> 24)]
        let b = s[256 + Int(x >> 16 & 0xff)]
        let c = s[512 + Int(x >> 8 & 0xff)]
        let d = s[768 + Int(x & 0xff)]
        return ((a &+ b) ^ c) &+ d
    }

    private static func halves(_ block: [UInt8]) -> (UInt32, UInt32) {
        let l = block[0..<4].reduce(0) { $0 << 8 | UInt32($1) }
        let r = block[4..<8].reduce(0) { $0 << 8 | UInt32($1) }
        return (l, r)
    }

    private static func bytes(_ l: UInt32, _ r: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(l >> $0 & 0xff) } + [24, 16, 8, 0].map { UInt8(r >> $0 & 0xff) }
    }
}

@available(*, unavailable, message: "owns mutable key state; keep it in one task")
extension Blowfish: Sendable {}
