/// A plain text table for `list` commands: a header row and aligned columns, the last
/// column unpadded (so lines carry no trailing spaces).
struct OutputTable {
    let header: [String]
    var rows: [[String]] = []

    init(_ header: String...) { self.header = header }

    mutating func add(_ cells: String...) { rows.append(cells) }

    var text: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
