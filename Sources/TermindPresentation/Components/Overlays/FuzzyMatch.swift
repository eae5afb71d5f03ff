/// Fuzzy matching for Quick Open and the Navigator's filter: the query's characters must appear
/// in the candidate in order, not necessarily together ("wb1" finds "web-1"), case ignored.
/// Matches at the start of a word and runs of adjacent characters score higher, so the
/// candidate a person means comes first. Pure.
enum FuzzyMatch {
    /// A text lowercased once and kept in the form a scan reads fastest: its bytes when it is
    /// ASCII without a CR (where a byte is a Character), else its Characters. A Vault of 20,000
    /// Hosts is scanned on every keystroke, so the Hosts' texts are prepared once.
    struct Text {
        enum Form {
            case ascii([UInt8])
            case characters([Character])
        }

        let form: Form

        init(_ text: String) {
            let lowered = text.lowercased()
            if lowered.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
                form = .ascii(Array(lowered.utf8))
            } else {
                form = .characters(Array(lowered))
            }
        }

        /// The query as typed: spaces do not count.
        init(query: String) {
            self.init(String(query.filter { $0 != " " }))
        }

        var isEmpty: Bool {
            switch form {
            case .ascii(let bytes): bytes.isEmpty
            case .characters(let characters): characters.isEmpty
            }
        }
    }

    /// The score of `query` in `candidate`, higher is better; nil when it does not match. An
    /// empty query matches everything with 0.
    static func score(_ query: String, in candidate: String) -> Int? {
        score(Text(query: query), in: Text(candidate))
    }

    /// `score(_:in:)` over prepared texts; `query` made with `Text(query:)`.
    static func score(_ query: Text, in candidate: Text) -> Int? {
        switch (query.form, candidate.form) {
        case (.ascii(let needle), .ascii(let haystack)):
            return score(needle, haystack, isSeparator: { separatorBytes.contains($0) })
        case (.ascii(let needle), .characters(let haystack)):
            return score(needle.map { Character(Unicode.Scalar($0)) }, haystack, isSeparator: isSeparator)
        case (.characters(let needle), .ascii(let haystack)):
            return score(needle, haystack.map { Character(Unicode.Scalar($0)) }, isSeparator: isSeparator)
        case (.characters(let needle), .characters(let haystack)):
            return score(needle, haystack, isSeparator: isSeparator)
        }
    }

    /// Best of a greedy scan from each place the first character occurs, less a little for a
    /// long candidate.
    private static func score<Element: Equatable>(_ needle: [Element], _ haystack: [Element], isSeparator: (Element) -> Bool) -> Int? {
        guard let first = needle.first else { return 0 }
        var best: Int?
        for start in haystack.indices where haystack[start] == first {
            if let score = scan(needle, haystack, from: start, isSeparator: isSeparator), score > best ?? Int.min {
                best = score
            }
        }
        return best.map { $0 - haystack.count / 8 }
    }

    private static func scan<Element: Equatable>(
        _ needle: [Element], _ haystack: [Element], from start: Int, isSeparator: (Element) -> Bool
    ) -> Int? {
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

    private static let separatorBytes = Array(" -_./@:".utf8)

    private static func isSeparator(_ character: Character) -> Bool {
        " -_./@:".contains(character)
    }
}
