import TermindDomain

/// known_hosts text through the parser, then the matcher asked about the names the records
/// mention. The matcher's fast paths (literal names compared in place, hashed entries decoded
/// once) must agree with OpenSSH's general pattern-list match on every record.
enum KnownHostsFuzzing {
    static let target = FuzzTarget("known-hosts", "a known_hosts file") { input throws(FuzzFinding) in
        let (records, _) = KnownHostsFile.parse(FuzzInput.text(input), file: "known_hosts")
        let matcher = KnownHostsMatcher(records: records)
        var lookups: [(hostname: String, port: Int)] = [("example.com", 22), ("192.0.2.1", 2222)]
        for record in records.prefix(16) {
            lookups += record.pattern.split(separator: ",").prefix(4).map { hostAndPort(String($0)) }
        }
        for (hostname, port) in lookups.prefix(32) {
            for marker in [KnownHost.Marker.none, .revoked, .certAuthority] {
                let found = Set(matcher.matchingRecords(hostname: hostname, port: port, marker: marker).map(\.id))
                for record in records.prefix(64) where record.marker == marker {
                    let general = KnownHostsMatcher.patternMatches(record.pattern, hostname: hostname, port: port)
                    try FuzzFinding.require(
                        found.contains(record.id) == general,
                        "the matcher says \(found.contains(record.id)), the pattern match says \(general), "
                            + "for \(hostname) port \(port) and the pattern \(record.pattern)")
                }
            }
            if let first = records.first {
                _ = matcher.verdict(hostname: hostname, port: port, keyType: first.keyType, keyBlob: first.keyBlob)
            }
            _ = matcher.recordedKeyTypes(hostname: hostname, port: port)
        }
    }

    /// A pattern as the name a person would connect to: `[host]:port` split, `!` dropped.
    private static func hostAndPort(_ pattern: String) -> (String, Int) {
        var text = Substring(pattern)
        if text.hasPrefix("!") { text = text.dropFirst() }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let port = Int(text[close...].dropFirst(2)) ?? 22
            return (String(text[text.index(after: text.startIndex)..<close]), (1...65535).contains(port) ? port : 22)
        }
        return (String(text), 22)
    }
}
