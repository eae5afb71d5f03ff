import TermindDomain

/// Draws the Navigator in its rect: the filter line, then the entries (scrolled so the
/// selected one shows), and its border on the right. A namespace of drawing and hit-testing
/// for the same geometry.
enum NavigatorView {
    /// An entry as it sits on screen, with its index among the selectable entries.
    struct Line {
        let entry: Navigator.Entry
        let selectableIndex: Int?
    }

    static func firstEntryRow(in rect: CellRect) -> Int { rect.row + 1 }
    static func entryRows(in rect: CellRect) -> Int { max(0, rect.rows - 1) }

    /// The entries that fit in `rows`, scrolled so that the selected one is among them.
    static func visibleEntries(_ entries: NavigatorEntries, selection: Int, rows: Int) -> [Line] {
        func line(_ position: Int) -> Line {
            Line(entry: entries[position], selectableIndex: entries.selectableIndex(ofEntry: position))
        }
        guard entries.count > rows, rows > 0 else { return entries.indices.map(line) }
        let selectedLine = entries.entryIndex(ofSelectable: min(selection, max(0, entries.selectableCount - 1))) ?? 0
        let start = min(max(0, selectedLine - rows / 2), entries.count - rows)
        return (start..<(start + rows)).map(line)
    }

    static func draw(
        _ navigator: Navigator, entries: NavigatorEntries, hasFocus: Bool, selectedWorkspace: Int,
        in rect: CellRect, into buffer: inout CellBuffer
    ) {
        guard rect.columns > 0, rect.rows > 0 else { return }
        buffer.fill(rect, style: WorkbenchTheme.text)
        for row in rect.row..<rect.endRow {
            buffer.put("│", column: rect.endColumn, row: row, style: hasFocus ? WorkbenchTheme.focusedDivider : WorkbenchTheme.divider)
        }
        let filterLine: String
        let filterStyle: CellStyle
        if !navigator.filter.isEmpty {
            let marked = navigator.marked.isEmpty ? "" : " \(navigator.marked.count) marked ·"
            filterLine = "\(marked) Filter: \(navigator.filter)"
            filterStyle = WorkbenchTheme.barEmphasis
        } else {
            filterLine = !navigator.marked.isEmpty
                ? " \(navigator.marked.count) marked: Enter opens them"
                : hasFocus ? Self.recordKeys(width: rect.columns) : " Navigator"
            filterStyle = WorkbenchTheme.dim
        }
        buffer.fill(CellRect(column: rect.column, row: rect.row, columns: rect.columns, rows: 1), style: filterStyle)
        buffer.put(filterLine, column: rect.column, row: rect.row, style: filterStyle, clip: rect)

        let first = firstEntryRow(in: rect)
        let lines = visibleEntries(entries, selection: navigator.selection, rows: entryRows(in: rect))
        let selectable = entries.selectableCount
        let selected = min(navigator.selection, max(0, selectable - 1))
        for (offset, line) in lines.enumerated() {
            let row = first + offset
            let lineRect = CellRect(column: rect.column, row: row, columns: rect.columns, rows: 1)
            let isSelected = line.selectableIndex == selected
            let style = isSelected ? (hasFocus ? WorkbenchTheme.selection : WorkbenchTheme.selectionUnfocused) : WorkbenchTheme.text
            if isSelected { buffer.fill(lineRect, style: style) }
            switch line.entry {
            case .heading(let title):
                buffer.put(" \(title)", column: rect.column, row: row, style: WorkbenchTheme.heading, clip: lineRect)
            case .note(let text):
                buffer.put("   \(text)", column: rect.column, row: row, style: WorkbenchTheme.dim, clip: lineRect)
            case .host(let host):
                // A hostname may come from an imported ssh_config: escaped like any untrusted text.
                let mark = navigator.marked.contains(host.id) ? "*" : " "
                let label = TextWrap.truncated(TerminalSafeText(host.label.rawValue).text, to: max(1, lineRect.columns - 2))
                let column = buffer.put(" \(mark)\(label)", column: rect.column, row: row, style: style, clip: lineRect)
                let detail = " \(TerminalSafeText(host.hostname).text)"
                if column + 1 < lineRect.endColumn {
                    buffer.put(TextWrap.truncated(detail, to: lineRect.endColumn - column), column: column, row: row,
                               style: isSelected ? style : WorkbenchTheme.dim, clip: lineRect)
                }
            case .workspace(let index, let name):
                let marker = index == selectedWorkspace ? "▸" : " "
                buffer.put(TextWrap.truncated(" \(marker)\(index + 1) \(name.isEmpty ? "empty" : name)", to: lineRect.columns), column: rect.column, row: row,
                           style: style, clip: lineRect)
            case .recent(_, let name):
                buffer.put(TextWrap.truncated("  \(name.isEmpty ? "unnamed" : name)", to: lineRect.columns), column: rect.column, row: row, style: style, clip: lineRect)
            case .identity(let identity):
                let text = "  \(TerminalSafeText(identity.label.rawValue).text) (\(TerminalSafeText(identity.username).text))"
                buffer.put(TextWrap.truncated(text, to: lineRect.columns), column: rect.column, row: row, style: style, clip: lineRect)
            case .newIdentity:
                buffer.put("  + new Identity", column: rect.column, row: row, style: isSelected ? style : WorkbenchTheme.dim, clip: lineRect)
            }
        }
    }

    /// The record keys in the filter line, without their separators when the Navigator is narrow.
    static func recordKeys(width: Int) -> String {
        let full = " F7 new · F6 edit · F8 delete"
        return CharacterWidth.columns(of: full) <= width ? full : " F7 new F6 edit F8 delete"
    }
}
