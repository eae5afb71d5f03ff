import TermindDomain

/// The top row: one tab per open Workspace, the shown one emphasised; a click selects one.
/// A namespace of drawing and hit-testing for the same geometry.
enum TabBar {
    /// The longest title a tab shows.
    static let longestTitle = 24

    static func draw(_ titles: [String], selected: Int, into buffer: inout CellBuffer) {
        let row = CellRect(column: 0, row: 0, columns: buffer.width, rows: 1)
        buffer.fill(row, style: WorkbenchTheme.bar)
        for (index, extent) in extents(of: titles).enumerated() {
            let style = index == selected ? WorkbenchTheme.selectedTab : WorkbenchTheme.bar
            buffer.put(label(titles[index]), column: extent.lowerBound, row: 0, style: style, clip: row)
        }
    }

    /// The Workspace whose tab covers `column`.
    static func workspace(atColumn column: Int, of titles: [String]) -> Int? {
        extents(of: titles).firstIndex { $0.contains(column) }
    }

    private static func label(_ title: String) -> String {
        " \(TextWrap.truncated(title, to: longestTitle)) "
    }

    /// The columns of each tab, left to right, one blank column between tabs.
    private static func extents(of titles: [String]) -> [Range<Int>] {
        var column = 0
        return titles.map { title in
            let width = CharacterWidth.columns(of: label(title))
            defer { column += width + 1 }
            return column..<(column + width)
        }
    }
}
