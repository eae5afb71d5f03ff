import Foundation
import TermindDomain

/// Draws a browser pane in its rect: the title line, the path bar (side and directory, the
/// filter, the count, the sort), the column header, the rows that fit (only those: a listing of
/// 10,000 entries costs a frame what a screenful does), and the foot line (the prompt, what is
/// being done, the last notice, or the keys). Names and link targets are drawn as
/// `BrowserEntry` made them safe. A plain value built for each frame; it only reads the pane.
@MainActor
struct BrowserPaneView {
    let pane: BrowserPane
    let context: PaneDrawContext

    /// The columns after the name, dropped from the right as the pane narrows.
    private struct Columns {
        var size = false, modified = false, mode = false, owner = false

        init(width: Int) {
            size = width >= 28
            modified = width >= 40
            mode = width >= 52
            owner = width >= 60
        }

        /// Cells the columns after the name take, each with its leading space.
        var width: Int { (size ? 8 : 0) + (modified ? 12 : 0) + (mode ? 11 : 0) + (owner ? 9 : 0) }
    }

    func draw(in rect: CellRect, into buffer: inout CellBuffer) {
        guard rect.columns > 0, rect.rows > 0 else { return }
        drawTitle(in: CellRect(column: rect.column, row: rect.row, columns: rect.columns, rows: 1), into: &buffer)
        let content = WorkbenchLayout.contentRect(of: rect)
        guard content.rows > 0 else { return }
        buffer.fill(content, style: WorkbenchTheme.text)
        switch pane.status {
        case .connecting:
            line(" Opening \(pane.side.name)'s files…", row: content.row, in: content, style: WorkbenchTheme.dim, into: &buffer)
        case .failed(let detail), .dropped(let detail), .hostKeyChanged(let detail), .ended(let detail):
            let width = max(1, content.columns - 2)
            var lines: [(String, CellStyle)]
            if pane.status == .dropped(detail) {
                // In words; libssh2's detail is for the log.
                let sentence = ConnectionLossText.sentence(subject: "The browser's connection to \(pane.side.name)", detail: detail)
                lines = TextWrap.lines(sentence, width: width).map { ($0, WorkbenchTheme.failure) }
            } else {
                lines = [("Could not open \(pane.side.name)'s files", WorkbenchTheme.failure), ("", WorkbenchTheme.text)]
                lines += TextWrap.lines(detail, width: width).map { ($0, WorkbenchTheme.text) }
            }
            let all = pane.status.isLost ? context.reconnectAllKeys.map { " · \($0): reconnect all" } ?? "" : ""
            lines += [("", WorkbenchTheme.text), ("Enter: reconnect" + all + (context.closeKeys.map { " · \($0): close the pane" } ?? ""), WorkbenchTheme.dim)]
            for (offset, (text, style)) in lines.enumerated() where offset < content.rows {
                line(" " + text, row: content.row + offset, in: content, style: style, into: &buffer)
            }
        case .connected, .empty:
            if pane.showsKeys {
                drawKeys(in: content, into: &buffer)
            } else {
                drawListing(in: content, into: &buffer)
            }
        }
    }

    /// Where the terminal's cursor goes: at the end of the prompt's text, when one is open.
    func cursor(in rect: CellRect) -> ScreenCursor? {
        let content = WorkbenchLayout.contentRect(of: rect)
        guard let prompt = pane.prompt, prompt.takesText, content.rows > 0 else { return .hidden }
        let column = content.column + 1 + CharacterWidth.columns(of: prompt.question + prompt.text)
        return ScreenCursor(row: content.endRow - 1, column: min(column, content.endColumn - 1))
    }

    // MARK: - Parts

    private func drawTitle(in line: CellRect, into buffer: inout CellBuffer) {
        let style = context.isFocused ? WorkbenchTheme.focusedTitle : WorkbenchTheme.title
        buffer.fill(line, style: style)
        var markers: [String] = []
        if context.isZoomed { markers.append("zoom") }
        switch pane.status {
        case .connecting: markers.append("connecting")
        case .dropped: markers.append("lost")
        case .failed, .hostKeyChanged, .ended: markers.append("failed")
        case .connected, .empty: if pane.pending != nil { markers.append("listing") }
        }
        let right = markers.map { "[\($0)]" }.joined(separator: " ")
        let rightWidth = right.isEmpty ? 0 : CharacterWidth.columns(of: right) + 1
        let title = " \(context.number) \(context.name.map { TerminalSafeText($0).text } ?? pane.side.hostLabel ?? "this machine") · files"
        buffer.put(TextWrap.truncated(title, to: max(0, line.columns - rightWidth - 1)), column: line.column, row: line.row, style: style, clip: line)
        if !right.isEmpty, rightWidth < line.columns {
            buffer.put(right, column: line.endColumn - rightWidth, row: line.row, style: style, clip: line)
        }
    }

    private func drawListing(in content: CellRect, into buffer: inout CellBuffer) {
        let listing = pane.listing
        // The path bar: the place elided in its middle, the facts on the right. The count
        // always stays; the other facts go (the least telling first) before the place gets
        // less than `Self.placeRoom` columns.
        let place = "\(pane.side.name):\(TerminalSafeText(pane.pending?.path ?? pane.path ?? "").text)"
        let facts = Self.facts(
            count: "\(listing.count) of \(listing.entries.count)", sort: listing.sort.label,
            filter: listing.filter.isEmpty ? nil : "filter \"\(TerminalSafeText(listing.filter).text)\"",
            marked: pane.marked.isEmpty ? nil : "\(pane.marked.count) marked", hidden: listing.showsHidden,
            room: content.columns - 3 - min(CharacterWidth.columns(of: place), Self.placeRoom))
        let factsText = facts.joined(separator: " · ")
        let placeWidth = max(1, content.columns - CharacterWidth.columns(of: factsText) - 3)
        line(" " + TextElision.path(place, to: placeWidth), row: content.row, in: content, style: WorkbenchTheme.barEmphasis, into: &buffer)
        let factsColumn = max(content.column + 1, content.endColumn - CharacterWidth.columns(of: factsText) - 1)
        buffer.put(factsText, column: factsColumn, row: content.row, style: WorkbenchTheme.bar, clip: content)
        guard content.rows > 2 else { return }

        let columns = Columns(width: content.columns)
        let nameWidth = max(1, content.columns - 2 - columns.width)
        var header = "  " + Self.padded("Name", nameWidth)
        if columns.size { header += " " + Self.leftPadded("Size", 7) }
        if columns.modified { header += " " + Self.padded("Modified", 11) }
        if columns.mode { header += " " + Self.padded("Mode", 10) }
        if columns.owner { header += " " + Self.padded("Owner", 8) }
        line(header, row: content.row + 1, in: content, style: WorkbenchTheme.heading, into: &buffer)

        let rows = max(0, content.rows - 3)
        if listing.count == 0 {
            let empty = pane.pending != nil ? "listing…" : (listing.entries.isEmpty ? "(empty directory)" : "(nothing matches)")
            line("  " + empty, row: content.row + 2, in: content, style: WorkbenchTheme.dim, into: &buffer)
        }
        let now = Int64(Date().timeIntervalSince1970)
        for offset in 0..<rows {
            let row = pane.top + offset
            guard row < listing.count else { break }
            let entry = listing[row]
            let isCursor = row == pane.cursor
            let isMarked = pane.marked.contains(entry.path)
            var text = (isMarked ? "* " : "  ") + Self.padded(Self.name(of: entry), nameWidth)
            if columns.size { text += " " + Self.leftPadded(Self.size(entry.size), 7) }
            if columns.modified { text += " " + Self.padded(Self.time(entry.modified, now: now), 11) }
            if columns.mode { text += " " + Self.padded(entry.permissions, 10) }
            if columns.owner { text += " " + Self.padded(entry.owner, 8) }
            let style: CellStyle = if isCursor {
                context.isFocused ? WorkbenchTheme.selection : WorkbenchTheme.selectionUnfocused
            } else if isMarked {
                WorkbenchTheme.barWarning
            } else {
                entry.isDirectory ? WorkbenchTheme.heading : WorkbenchTheme.text
            }
            line(text, row: content.row + 2 + offset, in: content, style: style, into: &buffer)
        }
        drawFoot(in: content, into: &buffer)
    }

    private func drawFoot(in content: CellRect, into buffer: inout CellBuffer) {
        let row = content.endRow - 1
        if let prompt = pane.prompt {
            line(" " + prompt.question + TerminalSafeText(prompt.text).text, row: row, in: content, style: WorkbenchTheme.field, into: &buffer)
        } else if let busy = pane.busy {
            line(" \(busy)…", row: row, in: content, style: WorkbenchTheme.notice, into: &buffer)
        } else if let notice = pane.notice, notice.isFailure {
            // A failure is shown whole (its path and the server's reason), over the last rows.
            let lines = TextWrap.lines(notice.text, width: max(1, content.columns - 2)).prefix(max(1, content.rows / 2))
            for (offset, text) in lines.enumerated() {
                line(" " + text, row: row - lines.count + 1 + offset, in: content, style: WorkbenchTheme.failure, into: &buffer)
            }
        } else if let notice = pane.notice {
            line(" " + notice.text, row: row, in: content, style: WorkbenchTheme.bar, into: &buffer)
        } else {
            line(" " + Self.footKeys(width: content.columns - 1), row: row, in: content, style: WorkbenchTheme.dim, into: &buffer)
        }
    }

    private func drawKeys(in content: CellRect, into buffer: inout CellBuffer) {
        let lines = Self.keyLines(width: content.columns)
        let heading = TextWrap.lines("Keys of the file browser (any key closes this)", width: max(1, content.columns - 2))
        var row = content.row
        for text in heading where row < content.endRow {
            line(" " + text, row: row, in: content, style: WorkbenchTheme.heading, into: &buffer)
            row += 1
        }
        row += 1
        let room = content.endRow - row
        let fits = lines.count <= room
        for text in lines.prefix(fits ? room : max(0, room - 1)) {
            line(text, row: row, in: content, style: WorkbenchTheme.text, into: &buffer)
            row += 1
        }
        if !fits, room > 0 {
            line(TextWrap.truncated("  … more: zoom the pane", to: content.columns), row: content.endRow - 1, in: content, style: WorkbenchTheme.dim, into: &buffer)
        }
    }

    /// The browser's keys as lines of at most `width` columns: keys on the left and what they do
    /// wrapped beside them, or, in a narrow pane, each description wrapped under its keys.
    nonisolated static func keyLines(width: Int) -> [String] {
        let keysWidth = min(BrowserPane.keys.map { CharacterWidth.columns(of: $0.0) }.max() ?? 0, max(8, width / 3))
        let descriptionWidth = width - 2 - keysWidth - 2
        var lines: [String] = []
        for (keys, what) in BrowserPane.keys {
            if descriptionWidth >= 16 {
                let keyParts = TextWrap.lines(keys, width: keysWidth)
                let whatParts = TextWrap.lines(what, width: descriptionWidth)
                for index in 0..<max(keyParts.count, whatParts.count) {
                    let left = index < keyParts.count ? keyParts[index] : ""
                    lines.append("  " + padded(left, keysWidth) + "  " + (index < whatParts.count ? whatParts[index] : ""))
                }
            } else {
                lines += TextWrap.lines(keys, width: max(1, width - 2)).map { "  " + $0 }
                lines += TextWrap.lines(what, width: max(1, width - 4)).map { "    " + $0 }
            }
        }
        return lines
    }

    /// The foot line's keys: `? keys` and then as many whole hints as fit in `width` columns
    /// (the list behind `?` has them all).
    nonisolated static func footKeys(width: Int) -> String {
        var text = BrowserPane.keyHints[0]
        for hint in BrowserPane.keyHints.dropFirst() {
            let longer = text + " · " + hint
            guard CharacterWidth.columns(of: longer) <= width else { break }
            text = longer
        }
        return text
    }

    /// The columns the path bar keeps for the place before it drops facts.
    nonisolated static let placeRoom = 28

    /// The path bar's facts in their order (filter, count, sort, marks, hidden), those that fit
    /// in `room` columns: the hidden flag goes first, then the sort, the marks and the filter;
    /// the count stays whatever the room.
    nonisolated static func facts(count: String, sort: String, filter: String?, marked: String?, hidden: Bool, room: Int) -> [String] {
        var shown: [(fact: String, keep: Int)] = []
        if let filter { shown.append((filter, 3)) }
        shown.append((count, 4))
        shown.append((sort, 1))
        if let marked { shown.append((marked, 2)) }
        if hidden { shown.append(("hidden shown", 0)) }
        func width() -> Int { CharacterWidth.columns(of: shown.map(\.fact).joined(separator: " · ")) }
        for keep in 0..<4 where width() > room {
            shown.removeAll { $0.keep == keep }
        }
        return shown.map(\.fact)
    }

    /// One row of text across `content`, cut to its width, on the style's background.
    private func line(_ text: String, row: Int, in content: CellRect, style: CellStyle, into buffer: inout CellBuffer) {
        let rowRect = CellRect(column: content.column, row: row, columns: content.columns, rows: 1)
        buffer.fill(rowRect, style: style)
        buffer.put(TextWrap.truncated(text, to: content.columns), column: content.column, row: row, style: style, clip: rowRect)
    }

    // MARK: - Cells

    /// `name/` for a directory, `name -> target` for a link.
    static func name(of entry: BrowserEntry) -> String {
        if let target = entry.linkTarget { return "\(entry.shownName) -> \(target)" }
        return entry.isDirectory ? entry.shownName + "/" : entry.shownName
    }

    /// Bytes up to 99,999; then KiB, MiB, GiB, TiB with one decimal (`12.3M`).
    static func size(_ bytes: UInt64) -> String {
        if bytes < 100_000 { return String(bytes) }
        var value = Double(bytes) / 1024
        for unit in ["K", "M", "G", "T"] {
            if value < 1000 || unit == "T" { return String(format: value < 10 ? "%.1f" : "%.0f", value) + unit }
            value /= 1024
        }
        return String(bytes)
    }

    /// Local time in 11 columns, as `ls -l` chooses: `12-02 06:28` within half a year of
    /// `now`, else the date with its year, `2024-12-02`.
    static func time(_ seconds: Int64, now: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return "" }
        let (year, month, day) = (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
        if abs(now - seconds) < 183 * 86_400 {
            return String(format: "%02d-%02d %02d:%02d", month, day, Int(parts.tm_hour), Int(parts.tm_min))
        }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// `text` cut or padded with spaces to exactly `width` columns.
    nonisolated static func padded(_ text: String, _ width: Int) -> String {
        let cut = TextWrap.truncated(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - CharacterWidth.columns(of: cut)))
    }

    static func leftPadded(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - CharacterWidth.columns(of: text))) + text
    }
}
