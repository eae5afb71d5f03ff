import Foundation
import TermindDomain

// One frame: the screen laid out once (`WorkbenchLayout`) and drawn from the model into a fresh
// cell buffer, the overlay stack last (the renderer sends only what changed), and where the cursor goes. Drawing
// changes nothing the person or a remote can see: window changes went out when the sizes
// changed (`settle()`), clipboard writes when the output arrived.

extension Workbench {
    /// The clipboard writes remote programs asked for since the last call (only from panes
    /// whose Host allows them), as the OSC 52 sequences to send the outer terminal.
    public func takeClipboardWrites() -> [UInt8] {
        defer { clipboard.writes = [] }
        return clipboard.writes
    }

    public func frame() -> (buffer: CellBuffer, cursor: ScreenCursor) {
        draw(layout)
    }

    /// Draws the screen as `layout` places it.
    func draw(_ layout: WorkbenchLayout) -> (buffer: CellBuffer, cursor: ScreenCursor) {
        var buffer = CellBuffer(width: size.columns, height: size.rows)
        guard layout.fitsScreen else {
            buffer.put("termind: the terminal is too small", column: 0, row: 0, style: WorkbenchTheme.text)
            return (buffer, .hidden)
        }
        TabBar.draw(tabTitles, selected: selectedWorkspace, into: &buffer)
        if layout.navigatorRect.columns > 0 {
            NavigatorView.draw(
                navigator, entries: navigator.entries(hosts: hostSearch, workspaces: workspaces, recent: recent, identities: identities),
                hasFocus: focus == .navigator, selectedWorkspace: selectedWorkspace, in: layout.navigatorRect, into: &buffer)
        }
        var cursor = drawPanes(layout.panes, into: &buffer)
        statusBar.draw(into: &buffer, row: size.rows - 1)

        let area = CellRect(column: 0, row: 1, columns: size.columns, rows: size.rows - 2)
        // The overlays over it all, bottom-up, so the top one (the one input goes to) is seen.
        cursor = drawOverlays(into: &buffer, in: area, cursor: cursor)
        return (buffer, cursor)
    }

    /// Draws the shown Workspace's panes and dividers; returns the focused pane's cursor.
    private func drawPanes(_ layout: PaneLayout, into buffer: inout CellBuffer) -> ScreenCursor {
        let focused = workspace.focusedPaneID
        let focusedRect = layout.rect(of: focused)
        for divider in layout.dividers {
            let touchesFocus = focusedRect.map { Self.borders(divider.rect, $0) } ?? false
            let style = touchesFocus && focus == .panes ? WorkbenchTheme.focusedDivider : WorkbenchTheme.divider
            buffer.fill(divider.rect, with: divider.axis == .horizontal ? "│" : "─", style: style)
        }
        var cursor = ScreenCursor.hidden
        let reconnect = keys(for: .reconnect), close = keys(for: .closePane), quickOpenKeys = keys(for: .quickOpen)
        // Offered only when another pane of the Workspace is lost too.
        let lost = workspace.panes.filter { panes[$0.id]?.isLost == true }.count
        let reconnectAll = lost > 1 ? keys(for: .reconnectAll) : nil
        let ids = workspace.panes.map(\.id)
        for frame in layout.frames {
            guard let pane = panes[frame.paneID] else { continue }
            let context = PaneDrawContext(
                number: (ids.firstIndex(of: frame.paneID) ?? 0) + 1, name: workspace.pane(frame.paneID)?.name,
                isFocused: frame.paneID == focused && focus == .panes,
                isZoomed: workspace.isZoomed, isBroadcasting: broadcast.contains(frame.paneID) && pane.isLive,
                reconnectKeys: reconnect, reconnectAllKeys: reconnectAll, closeKeys: close, quickOpenKeys: quickOpenKeys)
            if let paneCursor = pane.draw(into: &buffer, in: frame.rect, context: context) { cursor = paneCursor }
        }
        return cursor
    }

    /// True when a divider runs along a pane's edge (to colour the focused pane's border).
    private static func borders(_ divider: CellRect, _ pane: CellRect) -> Bool {
        let besideColumns = divider.column == pane.endColumn || divider.endColumn == pane.column
        let besideRows = divider.row == pane.endRow || divider.endRow == pane.row
        let overlapsRows = divider.row < pane.endRow && pane.row < divider.endRow
        let overlapsColumns = divider.column < pane.endColumn && pane.column < divider.endColumn
        return (besideColumns && overlapsRows) || (besideRows && overlapsColumns)
    }

    /// The keys of an action's first binding, as the person presses them ("C-\ r").
    func keys(for action: KeyAction) -> String? {
        keymap.triggers(for: action).first?.keysText(prefix: keymap.prefix)
    }

    private var statusBar: StatusBar {
        let panes = workspace.panes
        let index = panes.firstIndex { $0.id == workspace.focusedPaneID } ?? 0
        let focused = focusedPane
        var pane = "pane \(index + 1)/\(panes.count)"
        if let name = workspace.focusedPane.name { pane += " · \(TerminalSafeText(name).text)" }
        if let label = focused?.hostLabel { pane += " · \(label)" }
        if let hint = focused?.statusHint { pane += " · \(hint)" }
        let receiving = broadcastCount
        if receiving > 0 { pane = "broadcast to \(receiving) pane\(receiving == 1 ? "" : "s") · " + pane }
        if focus == .navigator { pane = "type to filter · Enter opens · Tab: panes" }
        var message = self.message
        if case .closePane? = statusQuestion {
            let label = focused?.hostLabel.map { " to \($0)" } ?? ""
            message = "close pane \(index + 1) and its Session\(label)? (y/n)"
        }
        if statusQuestion == .quit {
            let live = self.panes.values.filter(\.isLive).count
            message = "quit and close \(live) Session\(live == 1 ? "" : "s")? (y/n)"
            // Running transfers pause, their partials kept for the next start.
            let moving = transfers?.activeCount ?? 0
            if moving > 0 {
                let sessions = live > 0 ? "close \(live) Session\(live == 1 ? "" : "s") and " : ""
                message = "quit, \(sessions)pause \(moving) transfer\(moving == 1 ? "" : "s")? (y/n)"
            }
        }
        return StatusBar(
            workspace: "\(selectedWorkspace + 1):\(workspace.name.isEmpty ? "empty" : workspace.name)",
            pane: pane, message: message,
            awaitingPrefix: dispatcher.isAwaitingKey ? keymap.prefix.description : nil,
            pendingInteractions: interactionState.pending, activeTransfers: services.activeTransferCount,
            resumableTransfers: transfers?.resumableCount ?? 0,
            helpKeys: keys(for: .showHelp), metrics: focusedHostMetrics)
    }
}
