import Foundation
import TermindCrypto

/// OpenSSH's matching of one known_hosts host field against a lookup name (`match.c`,
/// `hostfile.c`). Internal; ``KnownHostsMatcher`` is the public face.
enum KnownHostsPattern {
    /// How a host field relates to a lookup name.
    enum Match: Equatable {
        case none
        case positive
        /// A `!pattern` matched: the record is excluded even if another pattern matched.
        case negated
    }

    /// The prefix of a hashed host field, `|1|`.
    static let hashMagic = "|1|"

    /// Matches a host field against an already built lookup name (`host` or `[host]:port`).
    ///
    /// A field starting with `|` is one hashed name (no lists): it matches when HMAC-SHA1 of the
    /// lookup name under its salt, written back as `|1|salt|hmac`, is the field exactly. Otherwise
    /// the field is a comma list of wildcard patterns, each optionally negated with `!`.
    static func match(field: String, lookupName: String) -> Match {
        if field.hasPrefix("|") {
            guard let parts = hashedParts(of: field) else { return .none }
            return matches(parts, lookupName: lookupName) ? .positive : .none
        }
        return matchList(field, name: lowercasedASCII(lookupName))
    }

    /// Whether a hashed entry's HMAC is that of `lookupName` under its salt.
    static func matches(_ parts: (salt: [UInt8], hash: [UInt8]), lookupName: String) -> Bool {
        matches(parts, lookupName: Array(lookupName.utf8))
    }

    /// The same over the lookup name's UTF-8, made once for many records.
    static func matches(_ parts: (salt: [UInt8], hash: [UInt8]), lookupName: [UInt8]) -> Bool {
        HMAC.authenticationCode(for: lookupName, key: parts.salt, digest: .sha1) == parts.hash
    }

    /// `|1|base64(salt)|base64(HMAC-SHA1(salt, name))`.
    static func hashed(_ name: String, salt: [UInt8]) -> String {
        let code = HMAC.authenticationCode(for: Array(name.utf8), key: salt, digest: .sha1)
        return hashMagic + Data(salt).base64EncodedString() + "|" + Data(code).base64EncodedString()
    }

    /// The salt and HMAC of a hashed field; nil unless it is `|1|`, base64 of exactly 20 bytes,
    /// `|`, then base64 of the 20-byte HMAC-SHA1.
    static func hashedParts(of field: String) -> (salt: [UInt8], hash: [UInt8])? {
        guard field.hasPrefix(hashMagic) else { return nil }
        let afterMagic = field.dropFirst(hashMagic.count)
        guard let bar = afterMagic.firstIndex(of: "|"),
            let salt = Data(base64Encoded: String(afterMagic[..<bar])), salt.count == 20,
            let hash = Data(base64Encoded: String(afterMagic[afterMagic.index(after: bar)...])), hash.count == 20
        else { return nil }
        return ([UInt8](salt), [UInt8](hash))
    }

    /// A comma list: the first negated match wins outright; else positive if any pattern matched.
    /// Patterns are lowercased (OpenSSH's `match_pattern_list(..., dolower=1)`); `name` is
    /// expected lowercased by the caller.
    static func matchList(_ list: String, name: String) -> Match {
        match(compiled(list), name: Array(name.unicodeScalars))
    }

    /// One pattern of a comma list, lowercased, its `!` taken off.
    struct CompiledPattern: Sendable {
        let negated: Bool
        let scalars: [Unicode.Scalar]
    }

    /// A comma list split and lowercased once, for matching against many names.
    static func compiled(_ list: String) -> [CompiledPattern] {
        list.split(separator: ",", omittingEmptySubsequences: false).map { entry in
            var pattern = Substring(lowercasedASCII(entry))
            let negated = pattern.first == "!"
            if negated { pattern = pattern.dropFirst() }
            return CompiledPattern(negated: negated, scalars: Array(pattern.unicodeScalars))
        }
    }

    /// `matchList` over a compiled list and a lowercased name's scalars.
    static func match(_ patterns: [CompiledPattern], name: [Unicode.Scalar]) -> Match {
        var positive = false
        for pattern in patterns where glob(pattern.scalars, name) {
            if pattern.negated { return .negated }
            positive = true
        }
        return positive ? .positive : .none
    }

    /// ASCII-only lowercasing, as C's `tolower` in OpenSSH (`A`–`Z` only; other letters kept).
    static func lowercasedASCII<Text: StringProtocol>(_ text: Text) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }

    /// `*` matches any run (also empty), `?` any one character, everything else itself; the
    /// whole name must match. Iterative with backtracking to the last `*`.
    static func glob(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        var p = 0
        var n = 0
        var star: Int?
        var starName = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                starName = n
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == name[n] {
                p += 1
                n += 1
            } else if let star {
                p = star + 1
                starName += 1
                n = starName
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
