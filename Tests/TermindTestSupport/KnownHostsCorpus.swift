import Foundation

/// A generated known_hosts file and lookups for it, to hold `termind known-hosts find` against
/// `ssh-keygen -F`: plain names, comma lists, `[host]:port` (`:22` too, which a lookup on port
/// 22 never names), `*` and `?` patterns, `!` negations, `@revoked` and `@cert-authority`
/// lines, comments, blank lines, tabs and leading blanks. The same seed gives the same text.
public struct KnownHostsCorpus: Sendable {
    /// One lookup: the name `ssh-keygen -F` takes is `hostname`, or `[hostname]:port` off 22.
    public struct Query: Sendable, Hashable {
        public let hostname: String
        public let port: Int

        /// OpenSSH's lookup name.
        public var lookupName: String { port == 22 ? hostname : "[\(hostname)]:\(port)" }
    }

    /// The file's text, LF-terminated lines.
    public let text: String
    /// How many lines are entries (not comments nor blank).
    public let entryCount: Int
    /// Lookups, lowercase (ssh lowercases a name before looking it up; `ssh-keygen -F` does not,
    /// so only lowercase names compare the two): names from the entries, names the patterns
    /// cover or negate, ported and unported, and names in no entry.
    public let queries: [Query]

    /// - Parameters:
    ///   - entries: how many entry lines to write.
    ///   - queries: about how many lookups to make.
    ///   - keys: `keytype base64` fields to draw from (ssh-keygen must be able to read them).
    public init(entries: Int, queries queryCount: Int, seed: UInt64, keys: [String]) {
        var random = SplitMix(seed: seed)
        let zones = 40
        let ports = [2222, 2200, 8022, 22, 443]
        func host(_ n: Int) -> String { "h\(n).zone\(n % zones).example.com" }
        func address(_ n: Int) -> String { "10.\(n % zones).\(n / 250 % 250).\(n % 250)" }
        func ipv6(_ n: Int) -> String { "2001:db8:\(String(n % zones, radix: 16))::\(String(n, radix: 16))" }
        func anyName(_ n: Int) -> String {
            switch random.next(10) {
            case 0...5: host(n)
            case 6...8: address(n)
            default: ipv6(n)
            }
        }
        /// Some letters in capitals: patterns match without case.
        func shouted(_ name: String) -> String {
            random.next(10) == 0 ? name.uppercased() : name
        }

        var lines: [String] = []
        var named: [Query] = []
        var count = 0
        while count < entries {
            switch random.next(100) {
            case 0...6:
                lines.append(random.next(2) == 0 ? "# comment \(lines.count)" : "   # indented comment")
                continue
            case 7...9:
                lines.append(random.next(2) == 0 ? "" : " \t")
                continue
            default: break
            }
            let n = random.next(3000)
            let zone = n % zones
            var marker = ""
            let pattern: String
            switch random.next(100) {
            case 0..<38:
                let name = anyName(n)
                pattern = shouted(name)
                named.append(Query(hostname: name, port: 22))
            case 38..<52:
                let names = (0..<(2 + random.next(2))).map { _ in anyName(random.next(3000)) }
                pattern = names.map(shouted).joined(separator: ",")
                named += names.map { Query(hostname: $0, port: 22) }
            case 52..<66:
                let name = anyName(n)
                let port = ports[random.next(ports.count)]
                pattern = "[\(shouted(name))]:\(port)"
                named.append(Query(hostname: name, port: port))
            case 66..<78:
                pattern = [
                    "*.zone\(zone).example.com", "h?.zone\(zone).example.com", "h\(n / 10)?.zone\(zone).example.com",
                    "10.\(zone).*", "[*.zone\(zone).example.com]:2222", "[10.\(zone).?.*]:8022", "h\(n)*.example.com",
                    "2001:db8:\(String(zone, radix: 16))::*",
                ][random.next(8)]
            case 78..<88:
                pattern = [
                    "*.zone\(zone).example.com,!bad\(n).zone\(zone).example.com",
                    "!\(host(n)),*.zone\(zone).example.com",
                    "\(host(n)),!\(host(n))",
                    "10.\(zone).*,!10.\(zone).0.*",
                ][random.next(4)]
            case 88..<94:
                marker = "@revoked"
                pattern = random.next(2) == 0 ? anyName(n) : "*.zone\(zone).example.com"
            default:
                marker = "@cert-authority"
                pattern = random.next(2) == 0 ? "*.zone\(zone).example.com" : "[*.zone\(zone).example.com]:2222"
            }
            let key = keys[random.next(keys.count)]
            var fields = [marker, pattern, key].filter { !$0.isEmpty }
            if random.next(3) == 0 { fields.append("comment-\(count)") }
            // A tab between fields now and then; not after a marker, where OpenSSH would read the
            // line as invalid (it ends a marker at the first space) and `ssh-keygen -H` refuse the file.
            let separator = random.next(20) == 0 ? "\t" : " "
            let line = marker.isEmpty
                ? fields.joined(separator: separator) : marker + " " + fields.dropFirst().joined(separator: separator)
            lines.append((random.next(30) == 0 ? "  " : "") + line)
            count += 1
        }
        text = lines.joined(separator: "\n") + "\n"
        entryCount = count

        var queries: [Query] = []
        var seen = Set<Query>()
        func add(_ query: Query) { if seen.insert(query).inserted { queries.append(query) } }
        while queries.count < queryCount {
            let n = random.next(3000)
            let zone = n % zones
            switch random.next(10) {
            case 0...2: add(named[random.next(named.count)])
            case 3:
                let from = named[random.next(named.count)]
                add(Query(hostname: from.hostname, port: ports[random.next(ports.count)]))
            case 4: add(Query(hostname: "x\(n).zone\(zone).example.com", port: random.next(2) == 0 ? 22 : 2222))
            case 5: add(Query(hostname: "h\(n % 10).zone\(zone).example.com", port: 22))
            case 6: add(Query(hostname: "bad\(n).zone\(zone).example.com", port: 22))
            case 7: add(Query(hostname: "10.\(zone).\(random.next(3)).\(n % 250)", port: random.next(2) == 0 ? 22 : 8022))
            case 8: add(Query(hostname: "absent\(n).example.org", port: random.next(2) == 0 ? 22 : 2222))
            default: add(Query(hostname: ipv6(n), port: random.next(2) == 0 ? 22 : 2200))
            }
        }
        self.queries = queries
    }

    /// A small deterministic generator (SplitMix64): the same seed gives the same corpus on
    /// every machine.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }

        /// A number in `0..<bound`.
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// The line numbers `ssh-keygen -F` output names in its `# Host NAME found: line N [REVOKED|CA]`
    /// headers: the lines it found.
    public static func foundLines(inSSHKeygenOutput output: String) -> [Int] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("# Host "), let range = line.range(of: " found: line ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
    }
}
