import TermindDomain

/// The Vault's Hosts as the Navigator and Quick Open search them: each Host's search text
/// (label, address, user, tags) prepared once when the Hosts load, and the last query's result
/// kept, so the frame after a keystroke reuses what the keystroke computed and a query that only
/// grows scans only the Hosts the shorter one matched (a fuzzy match of "web1" is a match of
/// "web" too). With 20,000 Hosts a keystroke is one scan of the matching Hosts, not two of all.
///
/// Owned by the workbench on the main actor; a class so its memory of the last query survives
/// the value-typed Navigator asking through it.
final class HostSearch {
    let hosts: [Host]
    private let texts: [FuzzyMatch.Text]
    /// The last query (spaces removed) and the indices of the Hosts it matched, in Vault order,
    /// with their scores.
    private var last: (query: String, matches: [(index: Int, score: Int)])?
    private var lastRanked: (query: String, indices: [Int])?

    init(_ hosts: [Host]) {
        self.hosts = hosts
        texts = hosts.map { FuzzyMatch.Text(Self.searchText(of: $0)) }
    }

    /// What a Host is found by: its label, address, user and tags.
    static func searchText(of host: Host) -> String {
        ([host.label.rawValue, host.hostname, host.username ?? ""] + host.tags).joined(separator: " ")
    }

    /// The indices of the Hosts matching `query` with their scores, in Vault order; all of them
    /// with 0 for an empty query.
    func matches(_ query: String) -> [(index: Int, score: Int)] {
        let key = query.filter { $0 != " " }
        if key.isEmpty { return hosts.indices.map { ($0, 0) } }
        if let last, last.query == key { return last.matches }
        let needle = FuzzyMatch.Text(query: key)
        let candidates: [Int]
        if let last, key.hasPrefix(last.query) {
            candidates = last.matches.map(\.index)
        } else {
            candidates = Array(hosts.indices)
        }
        let found = candidates.compactMap { index in FuzzyMatch.score(needle, in: texts[index]).map { (index: index, score: $0) } }
        last = (key, found)
        return found
    }

    /// The indices of the Hosts matching `query`, best first, equal scores in Vault order (every
    /// Host in Vault order for an empty query). The last answer is kept: the frame drawn after a
    /// keystroke asks the same query again.
    func ranked(_ query: String) -> [Int] {
        if let lastRanked, lastRanked.query == query { return lastRanked.indices }
        let indices = matches(query).sorted { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }.map(\.index)
        lastRanked = (query, indices)
        return indices
    }
}
