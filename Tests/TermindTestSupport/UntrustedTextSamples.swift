/// Random text as a hostile server would choose it for a file name, a prompt or a title:
/// random bytes mixed with the pieces of terminal control sequences (ESC, BEL, the 8-bit and
/// UTF-8 C1 introducers CSI, OSC, DCS and ST, whole OSC 0 / OSC 52 / DCS strings, line
/// reordering characters, newlines, backslashes). Seeded (SplitMix64), so a failure names the
/// seed that reproduces it. A value; each test owns its own.
public struct UntrustedTextSamples: RandomNumberGenerator {
    public let seed: UInt64
    private var random: SeededRandom

    public init(seed: UInt64 = UInt64.random(in: 0...UInt64.max)) {
        self.seed = seed
        random = SeededRandom(seed: seed)
    }

    public mutating func next() -> UInt64 { random.next() }

    private static let pieces: [[UInt8]] = [
        [0x1B], [0x07], [0x9B], [0x9D], [0x90], [0x9C], [0x9F], [0x7F], [0x0A], [0x0D], [0x08], [0x00], [0x5C],
        [0xC2, 0x9B], [0xC2, 0x9D], [0xC2, 0x90], [0xC2, 0x9C], [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA6],
        Array("\u{1B}]0;PWNED\u{07}".utf8), Array("\u{1B}]52;c;cm0gLXJmIC8K\u{07}".utf8), Array("\u{1B}P+q544e\u{1B}\\".utf8),
        Array("\u{1B}[2J".utf8), Array("\u{1B}[31m".utf8), Array("[".utf8), Array("]".utf8), Array("P".utf8), Array(";".utf8),
        Array("é".utf8), Array("日".utf8), Array("🎉".utf8), Array("name".utf8), [0xEF, 0xBF, 0xBD],
    ]

    /// Up to `maxLength` pieces: a third random bytes, the rest control pieces and text.
    public mutating func bytes(maxLength: Int = 24) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...maxLength, using: &self) {
            if Bool.random(using: &self) && Bool.random(using: &self) {
                bytes.append(UInt8.random(in: 0...255, using: &self))
            } else {
                bytes += Self.pieces.randomElement(using: &self)!
            }
        }
        return bytes
    }

    /// `bytes()` as Swift text (what a name decoded from SFTP holds: bytes that are not UTF-8
    /// become U+FFFD).
    public mutating func text(maxLength: Int = 24) -> String {
        String(decoding: bytes(maxLength: maxLength), as: UTF8.self)
    }

    /// `text()` as a file name can be: no `/` or NUL, never empty.
    public mutating func fileName(maxLength: Int = 24) -> String {
        // By scalars: a "/" joined to a following combining mark is one Character that a
        // Character filter would keep.
        let name = String(String.UnicodeScalarView(text(maxLength: maxLength).unicodeScalars.filter { $0 != "/" && $0 != "\0" }))
        return name.isEmpty ? "x" : name
    }
}
