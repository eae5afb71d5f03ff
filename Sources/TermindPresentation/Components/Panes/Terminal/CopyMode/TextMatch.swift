/// Where find matched: from the cell `start` to the cell `last`, both included, possibly over
/// several rows of a wrapped line. A plain value.
package struct TextMatch: Hashable, Sendable {
    let start: TextPosition
    let last: TextPosition

    /// The cells of line `line` the match covers, if any.
    func columns(onLine line: Int) -> Range<Int>? {
        guard line >= start.line, line <= last.line else { return nil }
        let from = line == start.line ? start.column : 0
        let to = line == last.line ? last.column + 1 : Int.max
        return from < to ? from..<to : nil
    }
}
