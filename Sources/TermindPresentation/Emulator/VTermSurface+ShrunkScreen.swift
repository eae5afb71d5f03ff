import CVTerm

// libvterm 0.1.4 after the screen shrinks. It bounds only the bottom and right scroll margins,
// so a top margin left at or below the new last row makes its next line feed scroll a negative
// number of rows through its line attributes, a write far out of bounds (and a left margin past
// the new width a negative number of columns); and it puts a restored cursor (DECRC, leaving
// the alternate screen) back where it was saved, below or right of the screen, where its row
// tables end. So after a resize, margins that no longer enclose a row or a column go back to the
// whole screen, as xterm and tmux reset them on every resize, and a cursor restored off screen
// is brought back to its nearest cell, as xterm does.

extension VTermSurface {
    /// Resets the margins of `terminal` that a resize left enclosing nothing, keeping the cursor
    /// where it is. libvterm tells them through DECRQSS; `takeAnswer` returns (and removes) what
    /// it answered since the last call.
    static func resetMarginsLeftOffScreen(_ terminal: OpaquePointer, takeAnswer: () -> [UInt8]) {
        func feed(_ text: String) { Self.feed(terminal, text) }
        func margins(_ query: String) -> (first: Int, end: Int)? {
            feed("\u{1B}P$q\(query)\u{1B}\\")
            return Self.decrqssPair(takeAnswer())
        }
        var reset = ""
        if let rows = margins("r"), rows.first - 1 >= rows.end {
            reset += "\u{1B}[r"
        }
        if let columns = margins("s"), columns.first - 1 >= columns.end {
            reset += "\u{1B}[s"
        }
        guard !reset.isEmpty else { return }
        var cursor = VTermPos()
        vterm_state_get_cursorpos(vterm_obtain_state(terminal), &cursor)
        feed(reset)
        moveCursor(terminal, to: cursor)
    }

    /// Brings a cursor libvterm left outside the screen (restored from a taller screen, or above
    /// it after a resize) back to the nearest cell on it.
    static func keepCursorOnScreen(_ terminal: OpaquePointer, rows: Int, columns: Int) {
        var cursor = VTermPos()
        vterm_state_get_cursorpos(vterm_obtain_state(terminal), &cursor)
        let row = min(max(Int(cursor.row), 0), rows - 1), column = min(max(Int(cursor.col), 0), columns - 1)
        guard row != Int(cursor.row) || column != Int(cursor.col) else { return }
        moveCursor(terminal, to: VTermPos(row: Int32(row), col: Int32(column)))
    }

    /// Moves the cursor to `position` (CUP), counting from the margins that are still set when
    /// origin mode is on.
    static func moveCursor(_ terminal: OpaquePointer, to target: VTermPos) {
        let position = VTermPos(row: max(0, target.row), col: max(0, target.col))
        feed(terminal, "\u{1B}[\(position.row + 1);\(position.col + 1)H")
        var landed = VTermPos()
        vterm_state_get_cursorpos(vterm_obtain_state(terminal), &landed)
        if landed.row != position.row || landed.col != position.col {
            let row = max(1, 2 * position.row + 1 - landed.row), column = max(1, 2 * position.col + 1 - landed.col)
            feed(terminal, "\u{1B}[\(row);\(column)H")
        }
    }

    /// Feeds Termind's own complete sequences: libvterm's parser is in its ground state before
    /// and after.
    static func feed(_ terminal: OpaquePointer, _ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = vterm_input_write(terminal, $0.baseAddress!, $0.count) }
        }
    }

    /// The two numbers of a DECRQSS answer for margins (`DCS 1 $ r first ; end r|s ST`).
    static func decrqssPair(_ answer: [UInt8]) -> (first: Int, end: Int)? {
        let text = String(decoding: answer, as: UTF8.self)
        guard let valid = text.range(of: "1$r") else { return nil }
        let numbers = text[valid.upperBound...].prefix { $0.isNumber || $0 == ";" }.split(separator: ";").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }
}
