/// What copy mode selected: from where `v`, `V` or `C-v` (or a mouse press) put the anchor to
/// the cursor, by characters (as text reads), whole lines, or a block of columns. A plain value.
struct TextSelection: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case character
        case line
        case block
    }

    var anchor: TextPosition
    var head: TextPosition
    var kind: Kind

    private var first: TextPosition { min(anchor, head) }
    private var last: TextPosition { max(anchor, head) }

    /// The cells of line `line` the selection covers, if any (`Int.max` reads "to the end").
    func columns(onLine line: Int) -> Range<Int>? {
        let first = self.first, last = self.last
        guard line >= first.line, line <= last.line else { return nil }
        switch kind {
        case .character:
            let from = line == first.line ? first.column : 0
            return from..<(line == last.line ? last.column + 1 : Int.max)
        case .line:
            return 0..<Int.max
        case .block:
            return min(anchor.column, head.column)..<(max(anchor.column, head.column) + 1)
        }
    }

    /// The selected text, as it would be typed: each row's trailing blanks trimmed, the rows of
    /// a wrapped line joined without a newline (a block keeps its rows apart), a wide character
    /// once (a selection that starts on its second half takes it whole), no newline after the
    /// last row.
    func text(cells: (Int) -> [TerminalCell], isWrapped: (Int) -> Bool) -> String {
        let first = self.first, last = self.last
        var text = ""
        for line in first.line...last.line {
            let row = cells(line)
            guard let wanted = columns(onLine: line) else { continue }
            let joinsNext = kind != .block && line != last.line && isWrapped(line)
            var piece = ""
            var column = max(0, wanted.lowerBound)
            if column < row.count, row[column].isWideContinuation, column > 0 { column -= 1 }
            while column < min(row.count, wanted.upperBound) {
                piece += row[column].text
                column += 1
            }
            if !joinsNext {
                while piece.last == " " { piece.removeLast() }
            }
            text += piece
            if line != last.line, !joinsNext { text += "\n" }
        }
        return text
    }
}
