/// Numeric addresses as ssh treats a final host name (ssh.c `is_addr`, `resolve_addr`): an
/// address is not lowercased, and one that glibc's `getaddrinfo(AI_NUMERICHOST)` accepts is
/// rewritten in `getnameinfo(NI_NUMERICHOST)` form when that differs other than in case
/// (`010.1.1.1` → `8.1.1.1`, `FE80:0::1` → `fe80::1`). Pure: no resolver is consulted.
enum SSHConfigAddress {
    /// ssh's `is_addr_fast` or a parseable numeric address.
    static func isAddress(_ host: String) -> Bool {
        looksLikeAddress(host) || canonical(host) != nil
    }

    /// `is_addr_fast`: a `%` or `:`, or nothing but digits and dots.
    static func looksLikeAddress(_ host: String) -> Bool {
        host.contains("%") || host.contains(":") || host.utf8.allSatisfy { $0 == UInt8(ascii: ".") || isDigit($0) }
    }

    /// The host as ssh prints it after its address check: lowercased unless an address, then
    /// numeric addresses in canonical form. Addresses with a `%scope` are kept as written (ssh's
    /// answer depends on the interfaces of the machine).
    static func finalHost(_ host: String) -> String {
        guard isAddress(host) else { return SSHConfigPattern.lowercasedASCII(host) }
        if let canonical = canonical(host), SSHConfigPattern.lowercasedASCII(canonical) != SSHConfigPattern.lowercasedASCII(host) {
            return canonical
        }
        return host
    }

    /// The numeric form of an IPv4 address in any `inet_aton` spelling or of an IPv6 address.
    static func canonical(_ host: String) -> String? {
        let bytes = Array(host.utf8)
        if let v4 = inetAton(bytes) {
            return (0..<4).map { String((v4 >> (24 - 8 * $0)) & 0xff) }.joined(separator: ".")
        }
        if let v6 = inetPton6(bytes) { return format6(v6) }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// glibc `inet_aton_exact`: one to four parts, each decimal, octal (`0`) or hex (`0x`); the
    /// last part fills the remaining bytes.
    static func inetAton(_ bytes: [UInt8]) -> UInt32? {
        var parts: [UInt32] = []
        var index = 0
        while true {
            guard index < bytes.count, isDigit(bytes[index]) else { return nil }
            guard let (value, end) = strtoul(bytes, from: index) else { return nil }
            index = end
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                guard parts.count < 3, value <= 0xff else { return nil }
                parts.append(UInt32(value))
                index += 1
            } else {
                guard index == bytes.count else { return nil }
                let limits: [UInt64] = [0xffff_ffff, 0xff_ffff, 0xffff, 0xff]
                guard value <= limits[parts.count] else { return nil }
                var address = UInt32(value)
                for (position, part) in parts.enumerated() { address |= part << (24 - 8 * UInt32(position)) }
                return address
            }
        }
    }

    /// `strtoul(s, &end, 0)` from a digit: `0x` hex (needs a hex digit, else just `0`), `0`
    /// octal, decimal; nil on overflow past 32 bits.
    private static func strtoul(_ bytes: [UInt8], from start: Int) -> (UInt64, Int)? {
        var index = start
        var base: UInt64 = 10
        if bytes[index] == UInt8(ascii: "0") {
            if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "x") || bytes[index + 1] == UInt8(ascii: "X"),
                hexDigit(bytes[index + 2]) != nil
            {
                base = 16
                index += 2
            } else {
                base = 8
            }
        }
        var value: UInt64 = 0
        while index < bytes.count, let digit = hexDigit(bytes[index]), UInt64(digit) < base {
            value = value * base + UInt64(digit)
            if value > 0xffff_ffff { return nil }
            index += 1
        }
        return (value, index)
    }

    /// glibc `inet_pton6`: eight 16-bit groups, one `::`, optionally ending in a dotted quad.
    static func inetPton6(_ bytes: [UInt8]) -> [UInt16]? {
        var groups: [UInt16] = []
        var gap: Int? = nil
        var index = 0
        guard !bytes.isEmpty else { return nil }
        if bytes[0] == UInt8(ascii: ":") {
            guard bytes.count > 1, bytes[1] == UInt8(ascii: ":") else { return nil }
            index = 1
        }
        var token = index
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let digit = hexDigit(byte) {
                guard digits < 4 else { return nil }
                value = value << 4 | digit
                digits += 1
                continue
            }
            if byte == UInt8(ascii: ":") {
                token = index
                if digits == 0 {
                    guard gap == nil else { return nil }
                    gap = groups.count
                    continue
                }
                guard index < bytes.count, groups.count < 8 else { return nil }
                groups.append(UInt16(value))
                value = 0
                digits = 0
                continue
            }
            if byte == UInt8(ascii: "."), groups.count <= 6, let v4 = inetPton4(Array(bytes[token...])) {
                groups.append(UInt16(v4 >> 16))
                groups.append(UInt16(v4 & 0xffff))
                digits = 0
                index = bytes.count
                break
            }
            return nil
        }
        if digits > 0 {
            guard groups.count < 8 else { return nil }
            groups.append(UInt16(value))
        }
        if let gap {
            guard groups.count < 8 else { return nil }
            groups.insert(contentsOf: Array(repeating: 0, count: 8 - groups.count), at: gap)
        }
        return groups.count == 8 ? groups : nil
    }

    /// glibc `inet_pton4`: exactly four decimal parts, no leading zeros, each at most 255.
    private static func inetPton4(_ bytes: [UInt8]) -> UInt32? {
        var octets: [UInt32] = []
        var current: UInt32 = 0
        var sawDigit = false
        for byte in bytes {
            if isDigit(byte) {
                if sawDigit && current == 0 { return nil }
                current = current * 10 + UInt32(byte - UInt8(ascii: "0"))
                if current > 255 { return nil }
                if !sawDigit {
                    guard octets.count < 4 else { return nil }
                    sawDigit = true
                }
            } else if byte == UInt8(ascii: "."), sawDigit {
                guard octets.count < 3 else { return nil }
                octets.append(current)
                current = 0
                sawDigit = false
            } else {
                return nil
            }
        }
        guard sawDigit, octets.count == 3 else { return nil }
        octets.append(current)
        return octets.reduce(0) { $0 << 8 | $1 }
    }

    /// glibc `inet_ntop6`: the longest run of two or more zero groups (the first on a tie) as
    /// `::`, lowercase hex, and `::a.b.c.d` / `::ffff:a.b.c.d` for embedded IPv4.
    static func format6(_ groups: [UInt16]) -> String {
        var best: (base: Int, length: Int)? = nil
        var current: (base: Int, length: Int)? = nil
        for (index, group) in groups.enumerated() {
            if group == 0 {
                current = current.map { ($0.base, $0.length + 1) } ?? (index, 1)
            } else if let run = current {
                if best == nil || run.length > best!.length { best = run }
                current = nil
            }
        }
        if let run = current, best == nil || run.length > best!.length { best = run }
        if let run = best, run.length < 2 { best = nil }
        var text = ""
        var index = 0
        while index < 8 {
            if let run = best, index >= run.base, index < run.base + run.length {
                if index == run.base { text += ":" }
                index += 1
                continue
            }
            if index != 0 { text += ":" }
            if index == 6, let run = best, run.base == 0, run.length == 6 || (run.length == 5 && groups[5] == 0xffff) {
                text += [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].map { String($0) }.joined(separator: ".")
                return text
            }
            text += String(groups[index], radix: 16)
            index += 1
        }
        if let run = best, run.base + run.length == 8 { text += ":" }
        return text
    }
}
