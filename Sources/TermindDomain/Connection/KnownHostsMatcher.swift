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
    /// Each hashed record's salt and HMAC, decoded once, by record index, so a lookup in a
    /// large hashed file costs one HMAC per hashed entry and nothing else.
    private let hashed: [(index: Int, parts: (salt: [UInt8], hash: [UInt8]))]
    /// Records whose pattern field is only literal names (no `*`, `?` or `!`), by each name's
    /// lowercased UTF-8: a lookup finds them without reading the others. Compared as bytes,
    /// as OpenSSH compares them, not as canonically equivalent Strings.
    private let literal: [[UInt8]: [Int]]
    /// Records with a wildcard or a negation, matched one by one.
    private let wildcard: [Int]

    public init(records: [KnownHost]) {
        self.records = records
        var hashed: [(index: Int, parts: (salt: [UInt8], hash: [UInt8]))] = []
        var literal: [[UInt8]: [Int]] = [:]
        var wildcard: [Int] = []
        for (index, record) in records.enumerated() {
            if record.pattern.hasPrefix("|") {
                // A malformed hash matches nothing.
                if let parts = KnownHostsPattern.hashedParts(of: record.pattern) { hashed.append((index, parts)) }
                continue
            }
            let entries = record.pattern.split(separator: ",", omittingEmptySubsequences: false)
            if entries.contains(where: { $0.contains { "*?!".contains($0) } }) {
                wildcard.append(index)
                continue
            }
            for entry in entries {
                let key = Array(KnownHostsPattern.lowercasedASCII(entry).utf8)
                if literal[key]?.last != index { literal[key, default: []].append(index) }
            }
        }
        self.hashed = hashed
        self.literal = literal
        self.wildcard = wildcard
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
        let name = Self.lookupName(hostname: KnownHostsPattern.lowercasedASCII(hostname), port: port)
        var found = literal[Array(KnownHostsPattern.lowercasedASCII(name).utf8)] ?? []
        found += wildcard.filter {
            records[$0].marker == marker && KnownHostsPattern.match(field: records[$0].pattern, lookupName: name) == .positive
        }
        found += hashed.lazy.filter { self.records[$0.index].marker == marker && KnownHostsPattern.matches($0.parts, lookupName: name) }.map(\.index)
        return found.sorted().filter { records[$0].marker == marker }.map { records[$0] }
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
