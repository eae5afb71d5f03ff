/// "Did you mean …?" for keymap errors: the known word nearest a misspelt one.
enum KeymapSuggestion {
    /// The candidate nearest `text` by edit distance, when near enough to be the likely intent.
    static func closest(to text: String, among candidates: [String]) -> String? {
        let lowered = text.lowercased()
        let scored = candidates.map { ($0, editDistance(Array($0), Array(lowered))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, text.count / 3) else { return nil }
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
