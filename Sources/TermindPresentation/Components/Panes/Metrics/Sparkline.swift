/// A row of block characters, one per column, each as high as its share of a maximum: the
/// metrics pane's picture of five minutes. A namespace of pure functions.
enum Sparkline {
    /// Eight heights, lowest first; a column with no value is a space.
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// `values` (oldest first) in at most `width` columns, right-aligned so the newest is at the
    /// right edge. When there are more values than columns, each column shows the mean of a run
    /// of neighbours: the whole span stays on screen, however narrow the pane.
    static func render(_ values: [Double], width: Int, maximum: Double) -> String {
        guard width > 0 else { return "" }
        let columns = columnValues(values, width: width)
        let blank = String(repeating: " ", count: width - columns.count)
        return blank + String(columns.map { level($0, maximum: maximum) })
    }

    /// The values as at most `width` columns, each the mean of the values it covers.
    static func columnValues(_ values: [Double], width: Int) -> [Double] {
        guard values.count > width, width > 0 else { return values }
        return (0..<width).map { column in
            let start = column * values.count / width
            let end = max(start + 1, (column + 1) * values.count / width)
            let run = values[start..<end]
            return run.reduce(0, +) / Double(run.count)
        }
    }

    /// The block for `value` against `maximum`: zero (or a value that is not a number) is the
    /// lowest block, so a quiet server still draws a line; over the maximum is the highest.
    static func level(_ value: Double, maximum: Double) -> Character {
        guard maximum > 0, value.isFinite, value > 0 else { return levels[0] }
        let share = min(1, value / maximum)
        return levels[min(levels.count - 1, Int((share * Double(levels.count - 1)).rounded()))]
    }
}
