import Foundation
import TermindApplication
import TermindDomain

/// Draws the transfer queue overlay: one line per transfer (state, direction, file, bytes,
/// rate, time left), the selected one highlighted, its ends whole and what went wrong with it
/// below, and the keys. A namespace of drawing.
enum TransferQueueView {
    static func draw(
        _ overlay: TransferQueueOverlay, state: TransferQueueState?, toggleKeys: String?, in area: CellRect,
        into buffer: inout CellBuffer
    ) {
        let items = state?.items ?? []
        let box = CellBuffer.centered(columns: 150, rows: max(10, min(area.rows, items.count + 9)), in: area, margin: 1)
        let title = state.map { "Transfers: \($0.runningCount) running, \($0.waitingCount) waiting" } ?? "Transfers"
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: title)
        guard inside.rows > 2 else { return }
        // The list leaves the foot its rows (the ends, a detail, the keys).
        let listRows = max(2, inside.rows - 6)
        guard state != nil else {
            buffer.put(" No transfer queue here.", column: inside.column, row: inside.row, style: WorkbenchTheme.dialog, clip: inside)
            return
        }
        if items.isEmpty {
            buffer.put(" Nothing transferred yet: copies from a browser pane appear here.", column: inside.column, row: inside.row,
                       style: WorkbenchTheme.dialog, clip: inside)
        }
        let selected = overlay.index(in: items)
        let first = max(0, min(selected - listRows + 2, items.count - listRows + 1))
        let shown = Array(items.enumerated().dropFirst(first).prefix(listRows - 1))
        for (offset, (index, item)) in shown.enumerated() {
            let style = index == selected ? WorkbenchTheme.selection : WorkbenchTheme.dialog
            let line = CellRect(column: inside.column, row: inside.row + offset, columns: inside.columns, rows: 1)
            if index == selected { buffer.fill(line, style: style) }
            buffer.put(Self.line(item, width: inside.columns), column: inside.column, row: line.row, style: style, clip: inside)
        }
        // The foot: the selected transfer's ends and what stopped it, then the keys, wrapped.
        let width = max(1, inside.columns - 2)
        let warning = WorkbenchTheme.barWarning.with(background: WorkbenchTheme.dialog.background)
        let dim = WorkbenchTheme.dim.with(background: WorkbenchTheme.dialog.background)
        var foot: [(String, CellStyle)] = []
        if items.indices.contains(selected) {
            let item = items[selected]
            foot.append((TextElision.path("\(item.source.location):\(item.source.path)", to: width - 5), dim))
            foot.append(("  → " + TextElision.path("\(item.destination.location):\(item.destination.path)", to: width - 4), dim))
            if let detail = Self.detail(of: item) { foot += TextWrap.lines(detail, width: width).map { ($0, warning) } }
        }
        var keys = TransferQueueOverlay.hints.components(separatedBy: " · ")
        if let toggleKeys, !keys.isEmpty { keys[keys.count - 1] += " or \(toggleKeys)" }
        foot += TextWrap.hints(keys, width: width).map { ($0, dim) }
        for (offset, line) in foot.enumerated() where inside.endRow - foot.count + offset > inside.row + shown.count - 1 {
            buffer.put(" " + line.0, column: inside.column, row: inside.endRow - foot.count + offset, style: line.1, clip: inside)
        }
    }

    /// `running    ↓ web:/srv/big.iso → local:/home/me/big.iso   48.0 MB / 200.0 MB  24.0%  31.2 MB/s  0:04`
    static func line(_ item: TransferQueueItem, width: Int) -> String {
        let state = item.state.word.padding(toLength: 11, withPad: " ", startingAt: 0)
        var bytes = byteText(item.bytesDone)
        if let total = item.totalBytes {
            bytes += " / " + byteText(total)
            if total > 0 { bytes += "  " + String(format: "%5.1f%%", Double(min(item.bytesDone, total)) * 100 / Double(total)) }
        }
        var figures = bytes
        if let rate = item.bytesPerSecond, item.state == .running { figures += "  " + byteText(UInt64(rate)) + "/s" }
        if let left = item.timeLeft { figures += "  " + durationText(left) }
        let fixed = 1 + 11 + 2 + 2 + CharacterWidth.columns(of: figures) + 2
        let room = max(10, width - fixed)
        let name = ends(item, width: room)
        let padded = name + String(repeating: " ", count: max(0, room - CharacterWidth.columns(of: name)))
        return " \(state) \(item.direction.symbol) \(padded)  \(figures)"
    }

    /// `srv:/home/me/a.txt → srv2:/srv/in/a.txt`: both ends with their side, this machine's as
    /// `local:` (as a browser's path bar names it). When the room is short each end loses the
    /// middle of its path (`TextElision.path`), so the row still says where the file comes from and where it goes.
    static func ends(_ item: TransferQueueItem, width: Int) -> String {
        let source = "\(item.source.location):\(item.source.path)"
        let destination = "\(item.destination.location):\(item.destination.path)"
        let arrow = " → "
        let whole = source + arrow + destination
        guard CharacterWidth.columns(of: whole) > width else { return whole }
        let room = max(2, width - CharacterWidth.columns(of: arrow))
        let sourceRoom = min(CharacterWidth.columns(of: source), max(1, room / 2))
        let shortSource = TextElision.path(source, to: sourceRoom)
        let shortDestination = TextElision.path(destination, to: max(1, room - CharacterWidth.columns(of: shortSource)))
        let name = RemotePath.name(of: item.source.path)
        if shortSource.hasSuffix(name), shortDestination.hasSuffix(RemotePath.name(of: item.destination.path)) {
            return TextWrap.truncated(shortSource + arrow + shortDestination, to: width)
        }
        // Too short for both names: the two sides and the file's name once (the foot shows the
        // selected row's ends whole).
        let sides = "\(item.source.location)\(arrow)\(item.destination.location)  "
        return TextWrap.truncated(sides + TextElision.middle(name, to: max(1, width - CharacterWidth.columns(of: sides))), to: width)
    }

    /// Why a failed or skipped transfer stopped, or what a cancel left.
    static func detail(of item: TransferQueueItem) -> String? {
        switch item.state {
        case .failed(let why, let resumable): resumable ? "\(why) (r resumes)" : why
        case .skipped(let why): "skipped: \(why)"
        case .cancelled(let notRemoved) where !notRemoved.isEmpty:
            "could not remove \(notRemoved.joined(separator: ", ")); remove it yourself if nothing resumes it"
        case .interrupted: "left by an earlier run: r resumes it from its verified prefix, c discards its partial file"
        default: nil
        }
    }

    static func byteText(_ bytes: UInt64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }

    static func durationText(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        return seconds >= 3600
            ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            : String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}
