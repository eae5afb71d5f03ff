/// "Did you mean …?" for keymap errors: the known word nearest a misspelt one.
enum KeymapSuggestion {
    /// The candidate nearest `text` by edit distance, when near enough to be the likely intent.
    static func closest(to text: String, among candidates: [String]) -> String? {
        let lowered = Array(text.lowercased())
        let limit = max(2, text.count / 3)
        // The distance is at least the difference in length: a candidate too far by length
        // alone cannot be suggested, so it is not measured (a long word in a planted keymap
        // cost a quadratic distance to every action).
        let scored = candidates.filter { abs($0.count - lowered.count) <= limit }.map { ($0, editDistance(Array($0), lowered)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    /// Levenshtein distance.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
