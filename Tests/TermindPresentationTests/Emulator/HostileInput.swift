import TermindTestSupport

/// Random escape sequences of the kinds a hostile or broken server sends.
enum HostileInput {
    /// Bytes weighted towards the ones that drive a terminal parser.
    static func randomBytes(_ random: inout SeededRandom, count: Int) -> [UInt8] {
        let interesting: [UInt8] = Array("\u{1b}[]P^_X\\;:?>=<!$ 0123456789mHhlJKc\u{07}\u{18}\u{1a}\n\r\t".utf8) + [0x9B, 0x9D, 0xC3, 0xA9, 0xE6, 0xFF]
        return (0..<count).map { _ in
            random.next() % 4 == 0 ? UInt8(truncatingIfNeeded: random.next()) : interesting[Int(random.next() % UInt64(interesting.count))]
        }
    }

    /// `count` complete-looking CSI, OSC and DCS sequences with random parameters (many, huge,
    /// sub-parameters), intermediates, final bytes and string contents including controls.
    static func randomSequences(_ random: inout SeededRandom, count: Int) -> [[UInt8]] {
        (0..<count).map { _ in randomSequence(&random) }
    }

    private static func randomSequence(_ random: inout SeededRandom) -> [UInt8] {
        var bytes: [UInt8] = [0x1B]
        switch random.next() % 3 {
        case 0:
            bytes.append(UInt8(ascii: "["))
            bytes += header(&random)
            bytes.append(UInt8(0x40 + random.next() % 0x3F))
        case 1:
            bytes.append(UInt8(ascii: "]"))
            bytes += Array(String(random.next() % 120).utf8) + [UInt8(ascii: ";")]
            bytes += randomBytes(&random, count: Int(random.next() % 64)).filter { $0 != 0x1B && $0 != 0x07 && $0 != 0x18 && $0 != 0x1A }
            bytes += terminator(&random)
        default:
            bytes.append(UInt8(ascii: "P"))
            bytes += header(&random)
            bytes.append(UInt8(0x40 + random.next() % 0x3F))
            bytes += randomBytes(&random, count: Int(random.next() % 64)).filter { $0 != 0x1B && $0 != 0x07 && $0 != 0x18 && $0 != 0x1A }
            bytes += terminator(&random)
        }
        return bytes
    }

    private static func header(_ random: inout SeededRandom) -> [UInt8] {
        var bytes: [UInt8] = []
        if random.next() % 3 == 0 {
            bytes.append(UInt8(0x3C + random.next() % 4))
        }
        let parameters = Int(random.next() % 40)
        for index in 0..<parameters {
            if index > 0 {
                bytes.append(random.next() % 4 == 0 ? UInt8(ascii: ":") : UInt8(ascii: ";"))
            }
            switch random.next() % 5 {
            case 0: break
            case 1: bytes += Array(String(random.next()).utf8)  // up to 20 digits
            case 2: bytes += Array(String(random.next() % 2_147_483_650).utf8)
            default: bytes += Array(String(random.next() % 300).utf8)
            }
        }
        for _ in 0..<Int(random.next() % 4) where random.next() % 3 == 0 {
            bytes.append(UInt8(0x20 + random.next() % 0x10))
        }
        return bytes
    }

    private static func terminator(_ random: inout SeededRandom) -> [UInt8] {
        switch random.next() % 3 {
        case 0: [0x07]
        case 1: [0x1B, UInt8(ascii: "\\")]
        default: [0x1B, UInt8(ascii: "\\")]
        }
    }

    /// The first CSI in `bytes` with more than 16 parameters and sub-parameters, more than one
    /// private marker, or a value past 65535, or nil. An independent reading of libvterm's
    /// limits, to check the parser against.
    static func firstCSIBreakingLibvtermLimits(in bytes: [UInt8]) -> [UInt8]? {
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) {
                end += 1
            }
            let body = Array(bytes[(index + 2)..<min(end, bytes.count)])
            let parameters = body.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }
            let markers = body.filter { (0x3C...0x3F).contains($0) }.count
            let tooLarge = parameters.contains { field in
                let digits = field.filter { (0x30...0x39).contains($0) }
                return digits.count > 5 || (Int(String(decoding: digits, as: UTF8.self)) ?? 0) > 65_535
            }
            if parameters.count > 16 || markers > 1 || tooLarge {
                return Array(bytes[index..<min(end + 1, bytes.count)])
            }
            index = end
        }
        return nil
    }
}
