/// A `ProxyJump` value read as Debian's OpenSSH 9.2 (9.2p1-2+deb12u10) reads it (readconf.c
/// `parse_jump` with Debian's backports): `none` (exactly), or comma-separated hops, the value
/// ending at the first blank or `#` (so `a, b` is the invalid `a,` and `a b` is just `a`).
/// Every hop must be a valid `[user@]host[:port]` or `ssh://[user@]host[:port]`, or OpenSSH
/// rejects the line, even in a block that does not apply.
enum SSHConfigProxyJump: Sendable, Equatable {
    case none
    case hops(written: [String], parsed: [SSHConfigJumpHop])

    /// `value` is the rest of the line after the keyword, blanks and `=`.
    static func parse(_ value: String) -> Result<SSHConfigProxyJump, SSHConfigProblem> {
        if SSHConfigPattern.lowercasedASCII(value) == "none" { return .success(.none) }
        let text = String(value.prefix { $0 != "#" && $0 != " " && $0 != "\t" })
        let written = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var parsed: [SSHConfigJumpHop] = []
        for hop in written {
            guard let jump = parseHop(hop) else {
                let cut = text.count < value.count ? " (the value ends at the first space or #)" : ""
                return .failure(SSHConfigProblem(
                    "invalid ProxyJump \"\(value)\": hop \"\(hop)\" is not [user@]host[:port] or ssh://[user@]host[:port]\(cut)"))
            }
            parsed.append(jump)
        }
        return .success(.hops(written: written, parsed: parsed))
    }

    static func parseHop(_ hop: String) -> SSHConfigJumpHop? {
        if hop.hasPrefix("ssh://") { return parseURI(String(hop.dropFirst("ssh://".count))) }
        return parseUserHostPort(hop)
    }

    /// misc.c `parse_user_host_port`: the user up to the last `@`, a host (`[...]` for an address
    /// with colons), an optional `:port`; a `/` separator is refused.
    private static func parseUserHostPort(_ text: String) -> SSHConfigJumpHop? {
        var rest = Substring(text)
        var user: String? = nil
        if let at = rest.lastIndex(of: "@") {
            guard at != rest.startIndex else { return nil }
            user = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
        }
        guard let (host, delimiter, tail) = splitHost(rest), delimiter != "/", !host.isEmpty else { return nil }
        var port: Int? = nil
        if let tail, !tail.isEmpty {
            guard let number = portNumber(String(tail)) else { return nil }
            port = number
        }
        return SSHConfigJumpHop(user: user, host: cleanHost(host), port: port)
    }

    /// misc.c `parse_uri("ssh", ...)` without a path: user (up to the first `@`, `;params`
    /// dropped, URL-decoded), a host that must be a valid domain name, an optional port.
    private static func parseURI(_ text: String) -> SSHConfigJumpHop? {
        var rest = Substring(text)
        var user: String? = nil
        if let at = rest.firstIndex(of: "@") {
            var info = rest[..<at]
            if let semicolon = info.firstIndex(of: ";") { info = info[..<semicolon] }
            guard !info.isEmpty, let decoded = urlDecoded(info) else { return nil }
            user = decoded
            rest = rest[rest.index(after: at)...]
        }
        guard let (rawHost, delimiter, tail) = splitHost(rest), !rawHost.isEmpty else { return nil }
        guard let host = validDomain(cleanHost(rawHost)) else { return nil }
        var port: Int? = nil
        if var tail, !tail.isEmpty {
            if delimiter == ":" {
                let slash = tail.firstIndex(of: "/")
                guard let number = portNumber(String(tail[..<(slash ?? tail.endIndex)])) else { return nil }
                port = number
                tail = slash.map { tail[tail.index(after: $0)...] } ?? ""
            }
            if !tail.isEmpty { return nil }  // a path is not allowed in a jump host
        }
        return SSHConfigJumpHop(user: user, host: host, port: port)
    }

    /// misc.c `hpdelim2`: the host part and what follows its `:` or `/` delimiter.
    private static func splitHost(_ text: Substring) -> (Substring, Character?, Substring?)? {
        var end: Substring.Index
        if text.first == "[" {
            guard let close = text.firstIndex(of: "]") else { return nil }
            end = text.index(after: close)
        } else {
            end = text.firstIndex(where: { $0 == ":" || $0 == "/" }) ?? text.endIndex
        }
        if end == text.endIndex { return (text, nil, nil) }
        let delimiter = text[end]
        guard delimiter == ":" || delimiter == "/" else { return nil }
        return (text[..<end], delimiter, text[text.index(after: end)...])
    }

    /// misc.c `cleanhostname`: `[address]` loses its brackets.
    private static func cleanHost(_ host: Substring) -> String {
        host.count >= 2 && host.first == "[" && host.last == "]" ? String(host.dropFirst().dropLast()) : String(host)
    }

    /// misc.c `valid_domain`: starts with a letter or digit, then letters, digits, `.`, `-`, `_`
    /// without `..`; a trailing `.` is removed.
    private static func validDomain(_ host: String) -> String? {
        let bytes = Array(host.utf8)
        guard let first = bytes.first, isAlphanumeric(first) else { return nil }
        var last: UInt8 = 0
        for byte in bytes {
            if last == UInt8(ascii: "."), byte == UInt8(ascii: ".") { return nil }
            guard isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            else { return nil }
            last = byte
        }
        return bytes.last == UInt8(ascii: ".") ? String(host.dropLast()) : host
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// misc.c `urldecode`: `+` is a space, `%XX` a byte; a NUL byte is refused.
    private static func urlDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard iterator.count >= 2, let high = hexValue(iterator[iterator.startIndex]),
                    let low = hexValue(iterator[iterator.startIndex + 1])
                else { return nil }
                iterator = iterator.dropFirst(2)
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        if bytes.contains(0) { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// misc.c `a2port`: a number from 1 to 65535, or the service name `ssh` (other service
    /// names would need /etc/services, which this pure code does not read).
    static func portNumber(_ text: String) -> Int? {
        if text == "ssh" { return 22 }
        // strtonum(3) is strtoll(3): leading C white space and a sign are allowed.
        var digits = Substring(text).drop { " \t\n\r\u{0B}\u{0C}".contains($0) }
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let trimmed = digits.drop { $0 == "0" }
        guard trimmed.count <= 5, let value = Int(trimmed.isEmpty ? "0" : String(trimmed)) else { return nil }
        let signed = negative ? -value : value
        return (1...65535).contains(signed) ? signed : nil
    }
}
