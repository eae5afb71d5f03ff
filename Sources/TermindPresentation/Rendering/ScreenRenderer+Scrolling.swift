// Scrolling instead of rewriting: when a block of whole rows moved up or down since the last
// frame (a shell printing at the bottom of a full-width pane), one scroll-region command moves
// them on the terminal and only the rows that came in are drawn.

extension ScreenRenderer {
    /// The longest move, in rows, looked for.
    static let longestScroll = 16
    /// At least this many rows must be saved from rewriting for a scroll to be worth its bytes.
    static let rowsWorthScrolling = 2

    /// Finds the block of rows of `frame` that `shown` has elsewhere, scrolls it into place on
    /// the terminal and in `shown`, so the cell diff that follows finds those rows unchanged.
    mutating func scrollMovedRows(of frame: CellBuffer, over shown: inout CellBuffer) {
        let height = frame.height
        var changedRows = 0
        for row in 0..<height where !frame.rowEquals(row, shown, row) {
            changedRows += 1
        }
        guard changedRows >= Self.rowsWorthScrolling, height > 1 else {
            previousRowHashes = nil
            return
        }
        let frameHashes = (0..<height).map(frame.rowHash)
        let shownHashes = previousRowHashes ?? (0..<height).map(shown.rowHash)
        previousRowHashes = frameHashes

        guard let (run, shift) = bestMove(frameHashes, shownHashes) else { return }
        // Hashes can collide: check the rows themselves before touching the terminal.
        for row in run where !frame.rowEquals(row, shown, row + shift) {
            return
        }
        let region = shift > 0 ? run.lowerBound..<(run.upperBound + shift) : (run.lowerBound + shift)..<run.upperBound
        writer.scroll(rows: region, by: shift)
        shown.scroll(rows: region, by: shift)
    }

    /// The run of consecutive rows that match the shown rows `shift` away (`frame[r]` is
    /// `shown[r + shift]`), for the shift that spares the most rows from being rewritten.
    private func bestMove(_ frame: [Int], _ shown: [Int]) -> (rows: Range<Int>, shift: Int)? {
        let height = frame.count
        var best: (rows: Range<Int>, shift: Int, saved: Int)?
        for distance in 1...min(Self.longestScroll, height - 1) {
            for shift in [distance, -distance] {
                var runStart: Int?
                var saved = 0
                for row in 0...height {
                    let source = row + shift
                    let matches = row < height && source >= 0 && source < height && frame[row] == shown[source]
                    if matches {
                        if runStart == nil {
                            runStart = row
                            saved = 0
                        }
                        if frame[row] != shown[row] { saved += 1 }
                    } else if let start = runStart {
                        if saved >= Self.rowsWorthScrolling, saved > best?.saved ?? 0 {
                            best = (start..<row, shift, saved)
                        }
                        runStart = nil
                    }
                }
            }
        }
        return best.map { ($0.rows, $0.shift) }
    }
}
