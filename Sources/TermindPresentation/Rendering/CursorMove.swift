/// One way of moving the terminal's cursor; `FrameWriter` works out the ones that apply and
/// sends the shortest, as tmux's `tty_cursor` does.
enum CursorMove: Equatable {
    /// CUP, absolute: works from any state.
    case position(column: Int, row: Int)
    /// CR, then CUF if the column is not 0.
    case carriageReturn(thenForward: Int)
    /// CR LF, then CUF: the start of the next row (never from the bottom row, which would scroll).
    case nextLine(thenForward: Int)
    /// CHA, absolute column on this row.
    case column(Int)
    /// VPA, absolute row in this column.
    case row(Int)
    /// CUF.
    case forward(Int)
    /// CUB, or BS for one column.
    case back(Int)
    /// CUD.
    case down(Int)
    /// CUU.
    case up(Int)
    /// Writing the unchanged cells in between again, when that is shorter than any move.
    case reprint(byteCount: Int)

    /// The bytes this move sends.
    var length: Int {
        switch self {
        case .position(let column, let row):
            // ESC [ row ; column H, with 1-based defaults left out.
            if column == 0 && row == 0 { return 3 }
            if column == 0 { return 3 + Self.digits(row + 1) }
            return 4 + Self.digits(row + 1) + Self.digits(column + 1)
        case .carriageReturn(let forward): return 1 + Self.relativeLength(forward)
        case .nextLine(let forward): return 2 + Self.relativeLength(forward)
        case .column(let column): return column == 0 ? 3 : 3 + Self.digits(column + 1)
        case .row(let row): return row == 0 ? 3 : 3 + Self.digits(row + 1)
        case .forward(let count), .down(let count), .up(let count): return Self.relativeLength(count)
        case .back(let count): return count == 1 ? 1 : Self.relativeLength(count)
        case .reprint(let byteCount): return byteCount
        }
    }

    /// ESC [ n X, with n left out when it is 1; nothing for 0.
    static func relativeLength(_ count: Int) -> Int {
        switch count {
        case 0: 0
        case 1: 3
        default: 3 + digits(count)
        }
    }

    static func digits(_ value: Int) -> Int {
        var value = value
        var count = 1
        while value >= 10 {
            value /= 10
            count += 1
        }
        return count
    }
}
