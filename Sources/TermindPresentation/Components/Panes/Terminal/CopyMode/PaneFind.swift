/// Find in one pane: the query typed so far, the matches over the pane's text (scrollback and
/// screen), which one is current, and whether the prompt is still being typed into.
///
/// "Next" goes back in time (up the scrollback, where the find starts from the bottom), and
/// wraps from the oldest match to the newest; "previous" comes down again. The count shown is
/// the current match's place from the top ("3 of 17"). A plain value; its owner searches it
/// again when the text changes. `package` for termind-bench.
package struct PaneFind {
    var query = FindQuery(pattern: "")
    /// True while keys type into the prompt; false once Enter confirmed it.
    var isEditing = true
    /// Where the find began (the copy cursor): the first match is the nearest at or above it.
    var origin: TextPosition
    package private(set) var matches: [TextMatch] = []
    private(set) var current: Int?
    /// Why the query cannot be searched (a regular expression that does not compile).
    private(set) var problem: String?
    /// True when the matches stopped at `FindQuery.matchLimit`.
    private(set) var isCapped = false

    package init(origin: TextPosition, query: FindQuery = FindQuery(pattern: ""), isEditing: Bool = true) {
        self.origin = origin
        self.query = query
        self.isEditing = isEditing
    }

    /// The current match.
    var currentMatch: TextMatch? { current.map { matches[$0] } }

    /// Searches `text` again for the query: the current match becomes the nearest one at or
    /// above the current match's place (or the origin while none is current).
    package mutating func search(_ text: PaneText) {
        let anchor = currentMatch?.start ?? origin
        problem = nil
        do {
            let ranges = try query.ranges(in: text)
            isCapped = ranges.count >= FindQuery.matchLimit
            matches = ranges.map { TextMatch(start: text.position(ofUnit: $0.lowerBound), last: text.position(ofUnit: $0.upperBound - 1)) }
        } catch {
            problem = error.reason
            matches = []
            isCapped = false
        }
        current = nil
        guard !matches.isEmpty else { return }
        current = lastIndex(atOrBefore: anchor) ?? matches.count - 1
    }

    /// Steps to the next match up (`older`) or down, wrapping at either end.
    mutating func step(older: Bool) {
        guard !matches.isEmpty else { return }
        guard let current else {
            self.current = older ? matches.count - 1 : 0
            return
        }
        self.current = older ? (current + matches.count - 1) % matches.count : (current + 1) % matches.count
    }

    /// "3 of 17", "no matches", or what is wrong with the query.
    var countText: String {
        if let problem { return "bad regex: \(problem)" }
        guard !query.pattern.isEmpty else { return "" }
        guard let current else { return "no matches" }
        return "\(current + 1) of \(matches.count)\(isCapped ? "+" : "")"
    }

    /// The matches touching lines `lines`, for drawing.
    func matches(touching lines: Range<Int>) -> ArraySlice<TextMatch> {
        // Matches do not overlap and come in order, so their last cells are in order too.
        var low = 0, high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle].last.line < lines.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < matches.count, matches[end].start.line < lines.upperBound { end += 1 }
        return matches[low..<end]
    }

    /// The last match starting at or before `position`.
    private func lastIndex(atOrBefore position: TextPosition) -> Int? {
        var low = 0, high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle].start <= position { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
