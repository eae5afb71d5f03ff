/// Looks host keys up in known_hosts records the way OpenSSH does (docs/behaviour.md §2): plain names, comma
/// lists, `*` and `?` wildcards, `!` negation, `[host]:port` and hashed `|1|salt|hmac` entries,
/// `@revoked` and `@cert-authority` markers.
///
/// Patterns apply to the lookup name: `host` for port 22, `[host]:port` otherwise, so
/// `*.example.com` does not cover port 2222 (`[*.example.com]:2222` does). A pure value; safe to
/// share between threads.
public struct KnownHostsMatcher: Sendable {
    /// The records consulted, in file order.
    public let records: [KnownHost]
    /// How each record's pattern field is matched, worked out once: a lookup in 100,000 records
    /// then allocates nothing per record.
    private enum Kind {
        /// `|1|salt|hmac`, decoded: one HMAC per lookup.
        case hashed(salt: [UInt8], hash: [UInt8])
        /// Only literal names (no `*`, `?` or `!`): compared byte by byte, ASCII case ignored.
        case literal
        /// A wildcard or a negation: OpenSSH's pattern list, split and lowercased.
        case wildcard([KnownHostsPattern.CompiledPattern])
        /// A malformed hash: matches nothing.
        case unusable
    }

    /// Each record's kind, by index.
    private let kinds: [Kind]

    public init(records: [KnownHost]) {
        self.records = records
        kinds = records.map { record in
            if record.pattern.hasPrefix("|") {
                return KnownHostsPattern.hashedParts(of: record.pattern).map { .hashed(salt: $0.salt, hash: $0.hash) } ?? .unusable
            }
            let special = record.pattern.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!") }
            return special ? .wildcard(KnownHostsPattern.compiled(record.pattern)) : .literal
        }
    }

    /// OpenSSH's lookup name: "host" for port 22, "[host]:port" otherwise.
    public static func lookupName(hostname: String, port: Int) -> String {
        port == 22 || port == 0 ? hostname : "[\(hostname)]:\(port)"
    }

    /// Whether one record's pattern field matches (comma lists, * and ?, ! negation — a negated
    /// match excludes the record —, [host]:port, hashed |1|base64salt|base64hmac where
    /// hmac = HMAC-SHA1(key: salt, message: lookup name)). Matching is case-insensitive for plain
    /// names (ASCII letters), as OpenSSH lowercases hostnames; hashed entries are compared against the hash of
    /// the lowercased lookup name, as `ssh` computes it.
    public static func patternMatches(_ pattern: String, hostname: String, port: Int) -> Bool {
        let name = lookupName(hostname: KnownHostsPattern.lowercasedASCII(hostname), port: port)
        return KnownHostsPattern.match(field: pattern, lookupName: name) == .positive
    }

    /// A hashed host field for a new entry: `|1|base64(salt)|base64(HMAC-SHA1(salt, lookup name))`,
    /// the form `ssh-keygen -H` and `HashKnownHosts yes` write. The hostname is lowercased first,
    /// as `ssh` does before it looks up or records a host.
    ///
    /// - Parameter salt: 20 random bytes from the caller (the SHA-1 block of OpenSSH's salt).
    public static func hashedPattern(hostname: String, port: Int, salt: [UInt8]) -> String {
        precondition(salt.count == 20, "known_hosts salts are 20 bytes")
        return KnownHostsPattern.hashed(lookupName(hostname: KnownHostsPattern.lowercasedASCII(hostname), port: port), salt: salt)
    }

    /// Records of `marker` whose pattern matches the host, in file order.
    public func matchingRecords(hostname: String, port: Int, marker: KnownHost.Marker = .none) -> [KnownHost] {
        matchingIndices(hostname: hostname, port: port, marker: marker).map { records[$0] }
    }

    /// Indices into `records` of those whose pattern matches the host, in file order: of
    /// `marker` only, or of any marker when it is nil (what `ssh-keygen -F` lists).
    public func matchingIndices(hostname: String, port: Int, marker: KnownHost.Marker?) -> [Int] {
        let name = Self.lookupName(hostname: KnownHostsPattern.lowercasedASCII(hostname), port: port)
        let nameBytes = Array(KnownHostsPattern.lowercasedASCII(name).utf8)
        let nameScalars = Array(KnownHostsPattern.lowercasedASCII(name).unicodeScalars)
        return records.indices.filter { index in
            let record = records[index]
            if let marker, record.marker != marker { return false }
            switch kinds[index] {
            case .hashed(let salt, let hash): return KnownHostsPattern.matches((salt, hash), lookupName: nameBytes)
            case .literal: return Self.literalList(record.pattern, contains: nameBytes)
            case .wildcard(let patterns): return KnownHostsPattern.match(patterns, name: nameScalars) == .positive
            case .unusable: return false
            }
        }
    }

    /// Whether a comma list of literal names holds `name` (lowercased UTF-8), ASCII letters of
    /// the list compared without case, as OpenSSH lowercases patterns.
    private static func literalList(_ list: String, contains name: [UInt8]) -> Bool {
        var position = 0
        var matching = true
        for byte in list.utf8 {
            if byte == UInt8(ascii: ",") {
                if matching && position == name.count { return true }
                position = 0
                matching = true
                continue
            }
            guard matching else { continue }
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if position < name.count && name[position] == lowered {
                position += 1
            } else {
                matching = false
            }
        }
        return matching && position == name.count
    }

    /// The verdict for an offered key: revoked if any @revoked record matching the host holds
    /// this key (revoked wins over everything); known if a plain (no marker) matching record has
    /// the same keyType and blob; changed if plain matching records of the same keyType exist and
    /// none holds the blob; otherwise unknown(recordedKeyTypes: sorted unique key types of the
    /// plain matching records). @cert-authority records never match plain host keys (kept,
    /// ignored here).
    ///
    /// The key type compared is the one the blob names when it can be read (so an RSA key is
    /// `ssh-rsa` even if `keyType` says `rsa-sha2-512`), else `keyType`.
    public func verdict(hostname: String, port: Int, keyType: String, keyBlob: [UInt8]) -> HostKeyVerdict {
        let keyType = PublicKeyBlob.algorithmName(of: keyBlob) ?? keyType
        let revoked = matchingRecords(hostname: hostname, port: port, marker: .revoked)
        if let record = revoked.first(where: { $0.keyType == keyType && $0.keyBlob == keyBlob }) {
            return .revoked(record)
        }
        let plain = matchingRecords(hostname: hostname, port: port)
        let sameType = plain.filter { $0.keyType == keyType }
        if let record = sameType.first(where: { $0.keyBlob == keyBlob }) {
            return .known(record)
        }
        if !sameType.isEmpty {
            return .changed(records: sameType)
        }
        return .unknown(recordedKeyTypes: Array(Set(plain.map(\.keyType))).sorted())
    }

    /// Key types of plain records matching the host, in the order first recorded (for
    /// preferring host key algorithms).
    public func recordedKeyTypes(hostname: String, port: Int) -> [String] {
        var seen = Set<String>()
        return matchingRecords(hostname: hostname, port: port).map(\.keyType).filter { seen.insert($0).inserted }
    }
}
