import TermindDomain

/// Draws a terminal pane in its rect: a title line (number, its name or Host, the remote's title
/// and working directory, bell, scroll position; emphasised on the focused pane), then the remote
/// screen, or what the pane has to say instead: how to pick a Host, that it is connecting, how
/// the Session ended and how to reconnect, or why it could not connect. A plain value built for
/// each frame; it only reads the pane.
@MainActor
struct TerminalPaneView {
    let pane: TerminalPane
    let context: PaneDrawContext

    private var number: Int { context.number }
    private var isFocused: Bool { context.isFocused }
    private var isZoomed: Bool { context.isZoomed }
    private var reconnectKeys: String? { context.reconnectKeys }
    private var closeKeys: String? { context.closeKeys }
    private var quickOpenKeys: String? { context.quickOpenKeys }

    func draw(in rect: CellRect, into buffer: inout CellBuffer) {
        guard rect.columns > 0, rect.rows > 0 else { return }
        drawTitle(in: CellRect(column: rect.column, row: rect.row, columns: rect.columns, rows: 1), into: &buffer)
        let content = WorkbenchLayout.contentRect(of: rect)
        guard content.rows > 0 else { return }
        switch pane.status {
        case .empty:
            drawLines(emptyText, in: content, into: &buffer)
        case .failed(let detail):
            drawLines(
                [("Could not connect to \(pane.hostLabel ?? "the Host")", WorkbenchTheme.failure), ("", WorkbenchTheme.text)]
                    + wrapped(detail, content) + [("", WorkbenchTheme.text), (retryHint, WorkbenchTheme.dim)],
                in: content, into: &buffer)
        case .hostKeyChanged(let detail):
            drawHostKeyChanged(detail, in: content, into: &buffer)
        case .connecting, .connected, .ended, .dropped:
            let rows = FailedCommandMark.apply(
                to: pane.visibleRows(), top: pane.viewTop, columns: pane.surface.columns, blocks: pane.surface.commandBlocks)
            buffer.copy(rows: CopyModeHighlights(pane: pane).apply(to: rows), into: content)
            if let find = pane.copyMode?.find { drawFindPrompt(find, in: content, into: &buffer) }
            if pane.status == .connecting {
                let line = " Connecting to \(pane.hostLabel ?? "")… "
                let row = content.row + content.rows / 2
                let width = min(content.columns, CharacterWidth.columns(of: line))
                buffer.put(line, column: content.column + (content.columns - width) / 2, row: row, style: WorkbenchTheme.notice, clip: content)
            }
            if case .ended(let detail) = pane.status { drawNotice("Session ended: \(detail).", hint: retryHint, in: content, into: &buffer) }
            if case .dropped(let detail) = pane.status {
                drawNotice(ConnectionLossText.sentence(hostLabel: pane.hostLabel, detail: detail), hint: lostHint, in: content, into: &buffer)
            }
        }
    }

    /// Where the terminal's cursor goes when this pane has focus and nothing covers it: the
    /// remote's cursor, or in copy mode copy mode's (at the end of the find prompt while it is
    /// typed into).
    func cursor(in rect: CellRect) -> ScreenCursor? {
        let content = WorkbenchLayout.contentRect(of: rect)
        if let mode = pane.copyMode {
            if let find = mode.find, find.isEditing {
                let column = min(content.endColumn - 1, content.column + CharacterWidth.columns(of: Self.findPromptText(find)))
                return ScreenCursor(row: content.endRow - 1, column: column)
            }
            let row = mode.cursor.line - pane.viewTop
            guard row >= 0, row < pane.surface.rows else { return nil }
            return ScreenCursor(TerminalCursor(row: row, column: mode.cursor.column, isVisible: true), in: content)
        }
        guard pane.status == .connected || pane.status == .connecting, pane.scrollOffset == 0 else { return nil }
        return ScreenCursor(pane.surface.cursor, in: content)
    }

    /// The find prompt on the pane's last row: the query, its options and the count.
    private func drawFindPrompt(_ find: PaneFind, in content: CellRect, into buffer: inout CellBuffer) {
        let line = CellRect(column: content.column, row: content.endRow - 1, columns: content.columns, rows: 1)
        buffer.fill(line, style: WorkbenchTheme.field)
        let prompt = Self.findPromptText(find)
        buffer.put(prompt, column: line.column, row: line.row, style: WorkbenchTheme.field, clip: line)
        var right = find.query.isRegex ? "[regex] " : "[text] "
        right += find.query.isCaseSensitive ? "[Aa] " : "[aa] "
        right += find.countText
        let style = find.problem == nil ? WorkbenchTheme.field : WorkbenchTheme.failure
        let width = CharacterWidth.columns(of: right)
        let start = max(line.column + min(CharacterWidth.columns(of: prompt) + 2, line.columns), line.endColumn - width - 1)
        buffer.put(right, column: start, row: line.row, style: style, clip: line)
    }

    /// "/query": the prompt as typed, control characters shown escaped.
    static func findPromptText(_ find: PaneFind) -> String {
        "/" + TerminalSafeText(find.query.pattern).text
    }

    // MARK: - Parts

    private func drawTitle(in line: CellRect, into buffer: inout CellBuffer) {
        let style = isFocused ? WorkbenchTheme.focusedTitle : WorkbenchTheme.title
        buffer.fill(line, style: style)
        var markers: [String] = []
        if pane.hasUnseenBell && !isFocused { markers.append("bell") }
        if pane.isScrolling || pane.scrollOffset > 0 {
            markers.append("scroll \(pane.scrollOffset)/\(pane.surface.scrollbackCount)")
        }
        if context.isBroadcasting { markers.append("broadcast") }
        if isZoomed { markers.append("zoom") }
        switch pane.status {
        case .connecting: markers.append("connecting")
        case .ended: markers.append("ended")
        case .dropped: markers.append("lost")
        case .failed, .hostKeyChanged: markers.append("failed")
        case .empty, .connected: break
        }
        let right = markers.map { "[\($0)]" }.joined(separator: " ")
        let rightWidth = right.isEmpty ? 0 : CharacterWidth.columns(of: right) + 1
        var title = " \(number) \(context.name.map { TerminalSafeText($0).text } ?? pane.hostLabel ?? "empty")"
        // The remote program chose these (OSC 0/2 and 7): shown escaped, never sent to the
        // outer terminal's own title.
        if !pane.surface.title.isEmpty { title += " · \(TerminalSafeText(pane.surface.title).text)" }
        let integrationOff = pane.commandRecorder?.isIntegrated == false ? " · shell integration off" : ""
        let leftWidth = max(0, line.columns - rightWidth - 1)
        if let directory = pane.surface.workingDirectory {
            // The directory loses its middle before the title loses its end.
            let room = leftWidth - CharacterWidth.columns(of: title + " · " + integrationOff)
            let safe = TerminalSafeText(directory).text
            title += " · " + (room >= 8 ? TextElision.path(safe, to: room) : safe)
        }
        title += integrationOff
        buffer.put(TextWrap.truncated(title, to: leftWidth), column: line.column, row: line.row, style: style, clip: line)
        if !right.isEmpty, rightWidth < line.columns {
            let markerStyle = pane.hasUnseenBell && !isFocused ? WorkbenchTheme.titleAlert : style
            buffer.put(right, column: line.endColumn - rightWidth, row: line.row, style: markerStyle, clip: line)
        }
    }

    private var emptyText: [(String, CellStyle)] {
        [("Empty pane", WorkbenchTheme.heading), ("", WorkbenchTheme.text),
         ("Enter: choose a Host" + (quickOpenKeys.map { " (also \($0))" } ?? ""), WorkbenchTheme.dim)]
    }

    private var retryHint: String {
        var hint = "Enter" + (reconnectKeys.map { " or \($0)" } ?? "") + ": reconnect"
        if let all = context.reconnectAllKeys, pane.status.isLost { hint += " · \(all): reconnect all" }
        if let closeKeys { hint += " · \(closeKeys): close the pane" }
        return hint
    }

    /// What to do about a lost connection, as a sentence: "Enter or C-\\ r reconnects, C-\\ x
    /// closes.", or while it reconnects by itself "Reconnecting in 4 s — C-\\ r now, Esc waits,
    /// C-\\ x to close."
    private var lostHint: String {
        if let seconds = pane.reconnectCountdown {
            var actions = [(reconnectKeys ?? "Enter") + " now", "Esc waits", "d details"]
            if let closeKeys { actions.append("\(closeKeys) to close") }
            return "Reconnecting in \(seconds) s — " + actions.joined(separator: ", ") + "."
        }
        var actions = ["Enter" + (reconnectKeys.map { " or \($0)" } ?? "") + " reconnects"]
        if let all = context.reconnectAllKeys { actions.append("\(all) reconnects all") }
        actions.append("d details")
        if let closeKeys { actions.append("\(closeKeys) closes") }
        return actions.joined(separator: ", ") + "."
    }

    private func wrapped(_ text: String, _ content: CellRect) -> [(String, CellStyle)] {
        TextWrap.lines(text, width: max(1, content.columns - 2)).map { ($0, WorkbenchTheme.text) }
    }

    private func drawHostKeyChanged(_ detail: String, in content: CellRect, into buffer: inout CellBuffer) {
        let fingerprints = Self.fingerprints(in: detail)
        var lines: [(String, CellStyle)] = [
            ("HOST KEY CHANGED: not connected to \(pane.hostLabel ?? "the Host")", WorkbenchTheme.failure), ("", WorkbenchTheme.text),
        ]
        if let offered = fingerprints.first {
            lines.append(("Offered by the server:  \(offered)", WorkbenchTheme.barEmphasis))
        }
        for recorded in fingerprints.dropFirst() {
            lines.append(("Recorded for this host: \(recorded)", WorkbenchTheme.barEmphasis))
        }
        lines += [("", WorkbenchTheme.text)] + wrapped(detail, content) + [("", WorkbenchTheme.text), (retryHint, WorkbenchTheme.dim)]
        drawLines(lines, in: content, into: &buffer)
    }

    /// Every `SHA256:` fingerprint in a failure's text, in order: the offered key first.
    nonisolated static func fingerprints(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "SHA256:") {
            let tail = rest[start.upperBound...]
            let body = tail.prefix { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "/" || $0 == "=" }
            let fingerprint = "SHA256:" + body
            if !found.contains(fingerprint) { found.append(fingerprint) }
            rest = tail.dropFirst(body.count)
        }
        return found
    }

    /// Lines from the top of `content`, each cut to its width, a space in from the left edge.
    private func drawLines(_ lines: [(String, CellStyle)], in content: CellRect, into buffer: inout CellBuffer) {
        buffer.fill(content, style: WorkbenchTheme.text)
        let top = content.row + (lines.count < content.rows ? min(1, content.rows - lines.count) : 0)
        for (offset, line) in lines.enumerated() where top + offset < content.endRow {
            buffer.put(" " + line.0, column: content.column, row: top + offset, style: line.1, clip: content)
        }
    }

    /// A notice over the pane's last rows (what ended the Session, then how to reconnect),
    /// wrapped to at most four lines (more in a narrow pane, for the whole hint); the hint keeps
    /// its lines when both do not fit.
    private func drawNotice(_ text: String, hint: String, in content: CellRect, into buffer: inout CellBuffer) {
        let lines = ConnectionLossText.lines(
            explanation: text, hint: hint, width: max(1, content.columns - 2), maxRows: min(4, content.rows),
            availableRows: content.rows)
        for (offset, line) in lines.enumerated() {
            let row = content.endRow - lines.count + offset
            let rowRect = CellRect(column: content.column, row: row, columns: content.columns, rows: 1)
            buffer.fill(rowRect, style: WorkbenchTheme.notice)
            buffer.put(" " + line, column: content.column, row: row, style: WorkbenchTheme.notice, clip: rowRect)
        }
    }
}
