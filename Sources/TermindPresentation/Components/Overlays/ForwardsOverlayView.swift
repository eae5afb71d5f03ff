import TermindApplication
import TermindDomain

/// Draws the forwards overlay: one line per forward of the Workspace's Hosts (Host, rule,
/// state, connections open, bytes each way), the selected one highlighted, its failure or last
/// error below, and the keys. Host labels, rules and errors may come from the Vault or the
/// server: they are shown through `TerminalSafeText`. A namespace of drawing.
enum ForwardsOverlayView {
    static func draw(
        _ overlay: ForwardsOverlay, rows: [ForwardsOverlay.Row], toggleKeys: String?, in area: CellRect, into buffer: inout CellBuffer
    ) {
        let close = toggleKeys.map { " or \($0)" } ?? ""
        var hints = ForwardsOverlay.hints
        hints[hints.count - 1] += close
        let hintLines = Self.lines(of: hints, width: min(130, area.columns - 2) - 3)
        let box = CellBuffer.centered(columns: 130, rows: max(8, min(area.rows, rows.count + 5 + hintLines.count)), in: area, margin: 1)
        let listening = rows.filter { if case .listening = $0.state { true } else { false } }.count
        let title = "Forwards: \(listening) listening"
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: title)
        guard inside.rows > 1 + hintLines.count else { return }
        let listRows = inside.rows - 1 - hintLines.count
        if rows.isEmpty {
            buffer.put(" No forwards: a adds one to a Host of this Workspace.",
                       column: inside.column, row: inside.row, style: WorkbenchTheme.dialog, clip: inside)
        }
        let selected = overlay.index(in: rows)
        let hostWidth = min(20, rows.map { CharacterWidth.columns(of: safe($0.hostLabel)) }.max() ?? 4)
        let first = max(0, min(selected - listRows + 2, rows.count - listRows + 1))
        let shown = Array(rows.enumerated().dropFirst(first).prefix(listRows - 1))
        for (offset, (index, row)) in shown.enumerated() {
            let style = index == selected ? WorkbenchTheme.selection : WorkbenchTheme.dialog
            let line = CellRect(column: inside.column, row: inside.row + offset, columns: inside.columns, rows: 1)
            if index == selected { buffer.fill(line, style: style) }
            buffer.put(Self.line(row, hostWidth: hostWidth, width: inside.columns), column: inside.column, row: line.row, style: style,
                       clip: inside)
        }
        let hintRow = inside.endRow - hintLines.count
        if rows.indices.contains(selected), let detail = Self.detail(of: rows[selected]) {
            buffer.put(" " + TextWrap.truncated(detail, to: inside.columns - 2), column: inside.column, row: hintRow - 1,
                       style: WorkbenchTheme.barWarning.with(background: WorkbenchTheme.dialog.background), clip: inside)
        }
        for (offset, line) in hintLines.enumerated() {
            buffer.put(" " + line, column: inside.column, row: hintRow + offset,
                       style: WorkbenchTheme.dim.with(background: WorkbenchTheme.dialog.background), clip: inside)
        }
    }

    /// The key hints joined by " · ", a new line before an item that would not fit `width`.
    static func lines(of hints: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for hint in hints {
            let joined = line.isEmpty ? hint : line + " · " + hint
            if !line.isEmpty, CharacterWidth.columns(of: joined) > width {
                lines.append(line)
                line = hint
            } else {
                line = joined
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// ` web   L 127.0.0.1:8080 → localhost:80   listening   1 open   ↑ 120 B  ↓ 3.4 MB`, and
    /// `  out of descriptors ×3` once connections could not be taken for want of descriptors.
    static func line(_ row: ForwardsOverlay.Row, hostWidth: Int, width: Int) -> String {
        let host = pad(TextWrap.truncated(safe(row.hostLabel), to: hostWidth), hostWidth)
        var figures = ""
        if case .listening(let listening) = row.state {
            let statistics = listening.statistics
            figures = "\(statistics.openConnections) open  ↑ \(TransferQueueView.byteText(statistics.bytesSent))"
                + "  ↓ \(TransferQueueView.byteText(statistics.bytesReceived))"
            // Connections not taken for want of file descriptors (the listener paused each time).
            if statistics.descriptorShortages > 0 { figures += "  out of descriptors ×\(statistics.descriptorShortages)" }
        }
        let state = pad(word(row.state), 10)
        let fixed = 1 + hostWidth + 2 + 2 + 10 + 2 + CharacterWidth.columns(of: figures)
        let rule = TextWrap.truncated(ruleText(row), to: max(10, width - fixed))
        return " \(host)  \(pad(rule, max(10, width - fixed)))  \(state)  \(figures)"
    }

    /// `L 127.0.0.1:8080 → localhost:80`, `R 127.0.0.1:9000 (server) → localhost:3000`,
    /// `D 127.0.0.1:1080 (SOCKS)`, with the port actually bound once it listens.
    static func ruleText(_ row: ForwardsOverlay.Row) -> String {
        let rule = row.rule
        var bound: String {
            if case .listening(let listening) = row.state { return listening.endpoint }
            let address = rule.bindAddress ?? "127.0.0.1"
            return address.contains(":") ? "[\(address)]:\(rule.bindPort)" : "\(address):\(rule.bindPort)"
        }
        var target: String {
            guard let host = rule.targetHost, let port = rule.targetPort else { return "" }
            return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        }
        let text = switch rule.kind {
        case .local: "L \(bound) → \(target)"
        case .remote: "R \(bound) (server) → \(target)"
        case .dynamic: "D \(bound) (SOCKS)"
        }
        return safe(text)
    }

    static func word(_ state: ForwardsOverlay.Row.State) -> String {
        switch state {
        case .stopped: "stopped"
        case .waiting: "no session"
        case .starting: "starting"
        case .listening: "listening"
        case .failed: "failed"
        }
    }

    /// Why it failed, or the last error of one of its connections; what "no session" means.
    static func detail(of row: ForwardsOverlay.Row) -> String? {
        switch row.state {
        case .failed(let detail): "failed: " + safe(detail)
        case .listening(let listening): listening.statistics.lastError.map { "last error: " + safe($0) }
        case .waiting: "starts when a pane of \(safe(row.hostLabel)) connects"
        case .stopped, .starting: nil
        }
    }

    private static func safe(_ text: String) -> String { TerminalSafeText(text).text }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - CharacterWidth.columns(of: text)))
    }
}
