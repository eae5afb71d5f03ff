/// Fuzzy matching for Quick Open and the Navigator's filter: the query's characters must appear
/// in the candidate in order, not necessarily together ("wb1" finds "web-1"), case ignored.
/// Matches at the start of a word and runs of adjacent characters score higher, so the
/// candidate a person means comes first. Pure.
enum FuzzyMatch {
    /// The score of `query` in `candidate`, higher is better; nil when it does not match. An
    /// empty query matches everything with 0.
    static func score(_ query: String, in candidate: String) -> Int? {
        let needle = Array(query.lowercased().filter { $0 != " " })
        guard !needle.isEmpty else { return 0 }
        let haystack = Array(candidate.lowercased())
        // Best of a greedy scan from each place the first character occurs.
        var best: Int?
        for start in haystack.indices where haystack[start] == needle[0] {
            if let score = scan(needle, haystack, from: start), score > best ?? Int.min {
                best = score
            }
        }
        return best.map { $0 - haystack.count / 8 }
    }

    private static func scan(_ needle: [Character], _ haystack: [Character], from start: Int) -> Int? {
        var score = 0
        var position = start
        var previous: Int?
        for character in needle {
            while position < haystack.count, haystack[position] != character { position += 1 }
            guard position < haystack.count else { return nil }
            score += 1
            if position == 0 || isSeparator(haystack[position - 1]) { score += 6 }
            if let previous {
                score += position == previous + 1 ? 4 : -min(3, position - previous - 1)
            } else {
                score -= min(5, position)
            }
            previous = position
            position += 1
        }
        return score
    }

    private static func isSeparator(_ character: Character) -> Bool {
        " -_./@:".contains(character)
    }
}
