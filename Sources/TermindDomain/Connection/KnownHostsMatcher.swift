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
    /// Each record's hashed salt and HMAC, decoded once (nil for plain patterns), so a lookup in
    /// a large hashed file costs one HMAC per entry and nothing else.
    private let hashedParts: [(salt: [UInt8], hash: [UInt8])?]

    public init(records: [KnownHost]) {
        self.records = records
        hashedParts = records.map { $0.pattern.hasPrefix("|") ? KnownHostsPattern.hashedParts(of: $0.pattern) : nil }
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
        return records.indices.filter { index in
            let record = records[index]
            guard record.marker == marker else { return false }
            if record.pattern.hasPrefix("|") {
                return hashedParts[index].map { KnownHostsPattern.matches($0, lookupName: name) } ?? false
            }
            return KnownHostsPattern.match(field: record.pattern, lookupName: name) == .positive
        }.map { records[$0] }
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
