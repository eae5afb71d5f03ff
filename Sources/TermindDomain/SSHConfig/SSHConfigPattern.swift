/// OpenSSH's wildcard matching for ssh_config (match.c), on bytes as C compares them.
enum SSHConfigPattern {
    /// `*` matches any run of bytes (also empty), `?` exactly one, anything else itself; the
    /// whole string must match. Case-sensitive: `Host` lines compare the name exactly as typed.
    static func matches(_ string: String, pattern: String) -> Bool {
        glob(Array(string.utf8), Array(pattern.utf8))
    }

    /// A comma list of patterns, each optionally negated with `!` (match_pattern_list): +1 when a
    /// pattern matched and no negated one did, -1 when a negated one matched, 0 otherwise.
    /// `lowercase` lowers the patterns (the caller lowers the string for host names).
    static func matchList(_ string: String, list: String, lowercase: Bool) -> Int {
        let name = Array(string.utf8)
        var positive = false
        for entry in Array(list.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            var pattern = Array(entry)
            let negated = pattern.first == UInt8(ascii: "!")
            if negated { pattern.removeFirst() }
            // OpenSSH copies each pattern into a 1024-byte buffer and gives up on longer ones.
            if pattern.count >= 1023 { return 0 }
            if lowercase { pattern = pattern.map(lowercasedASCII) }
            if glob(name, pattern) {
                if negated { return -1 }
                positive = true
            }
        }
        return positive ? 1 : 0
    }

    /// `Match host` and `Match originalhost`: the name and the patterns both lowercased.
    static func matchesHostList(_ host: String, list: String) -> Bool {
        matchList(lowercasedASCII(host), list: list, lowercase: true) == 1
    }

    /// Whether a `Host` pattern names one host: no `*` or `?`, not negated.
    static func isConcrete(_ pattern: String) -> Bool {
        !pattern.isEmpty && !pattern.hasPrefix("!") && !pattern.contains("*") && !pattern.contains("?")
    }

    static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// C's `tolower` over the bytes: only `A`–`Z` change.
    static func lowercasedASCII(_ text: String) -> String {
        String(decoding: text.utf8.map(lowercasedASCII), as: UTF8.self)
    }

    /// Iterative wildcard match with backtracking to the last `*`; the same language as
    /// OpenSSH's recursive `match_pattern`.
    static func glob(_ string: [UInt8], _ pattern: [UInt8]) -> Bool {
        var s = 0, p = 0
        var star: Int? = nil, resume = 0
        while s < string.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                p += 1
                resume = s
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == string[s] {
                p += 1
                s += 1
            } else if let star {
                p = star + 1
                resume += 1
                s = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}
