import TermindDomain

// One frame: the whole screen drawn from the model into a fresh cell buffer (the renderer
// sends only what changed), and where the cursor goes.

extension Workbench {
    /// Lays the panes out (sending window-changes where a size changed) and draws the screen.
    /// The clipboard writes remote programs asked for since the last call, as the OSC 52
    /// sequences to send the outer terminal: only from panes whose Host allows them (a per-Host
    /// setting, off by default); every other request is dropped here.
    public func takeClipboardWrites() -> [UInt8] {
        var bytes: [UInt8] = []
        for session in sessions.values where !session.surface.clipboardRequests.isEmpty {
            let requests = session.surface.clipboardRequests
            session.surface.clipboardRequests = []
            guard session.allowsClipboardWrites else { continue }
            for request in requests { bytes += request.sequence }
        }
        return bytes
    }

    public func frame() -> (buffer: CellBuffer, cursor: ScreenCursor) {
        var buffer = CellBuffer(width: size.columns, height: size.rows)
        guard fitsScreen else {
            buffer.put("termind: the terminal is too small", column: 0, row: 0, style: WorkbenchTheme.text)
            return (buffer, .hidden)
        }
        syncPaneSizes()
        for session in sessions.values { session.refreshRows() }

        TabBar.draw(tabTitles, selected: selectedWorkspace, into: &buffer)
        if navigatorWidth > 0 {
            NavigatorView.draw(
                navigator, entries: navigator.entries(hosts: hosts, workspaces: workspaces, recent: recent),
                hasFocus: focus == .navigator, selectedWorkspace: selectedWorkspace, in: navigatorRect, into: &buffer)
        }
        var cursor = drawPanes(into: &buffer)
        statusBar.draw(into: &buffer, row: size.rows - 1)

        let area = CellRect(column: 0, row: 1, columns: size.columns, rows: size.rows - 2)
        if let helpScroll {
            HelpOverlay.draw(keymap.helpRows(), prefix: keymap.prefix.description, scroll: helpScroll, in: area, into: &buffer)
            cursor = .hidden
        }
        if let importScreen {
            ImportScreenView.draw(importScreen, in: area, into: &buffer)
            cursor = .hidden
        }
        if let quickOpen {
            let matches = quickOpen.matches(hosts: hosts, workspaces: workspaces, recent: recent)
            cursor = QuickOpenView.draw(quickOpen, matches: matches, in: area, into: &buffer)
        }
        if let dialog {
            cursor = InteractionDialogView.draw(dialog, in: area, into: &buffer)
        }
        return (buffer, cursor)
    }

    /// Draws the shown Workspace's panes and dividers; returns the focused pane's cursor.
    private func drawPanes(into buffer: inout CellBuffer) -> ScreenCursor {
        let layout = currentLayout
        let focused = workspace.focusedPaneID
        let focusedRect = layout.rect(of: focused)
        for divider in layout.dividers {
            let touchesFocus = focusedRect.map { Self.borders(divider.rect, $0) } ?? false
            let style = touchesFocus && focus == .panes ? WorkbenchTheme.focusedDivider : WorkbenchTheme.divider
            buffer.fill(divider.rect, with: divider.axis == .horizontal ? "│" : "─", style: style)
        }
        var cursor = ScreenCursor.hidden
        let reconnect = keys(for: .reconnect), close = keys(for: .closePane), quickOpenKeys = keys(for: .quickOpen)
        let panes = workspace.panes.map(\.id)
        for frame in layout.frames {
            guard let session = sessions[frame.paneID] else { continue }
            let isFocused = frame.paneID == focused && focus == .panes
            if frame.paneID == focused { session.seenBells = session.surface.bellCount }
            let view = PaneView(
                number: (panes.firstIndex(of: frame.paneID) ?? 0) + 1, session: session, isFocused: isFocused, isZoomed: workspace.isZoomed,
                reconnectKeys: reconnect, closeKeys: close, quickOpenKeys: quickOpenKeys)
            view.draw(in: frame.rect, into: &buffer)
            if isFocused, let paneCursor = view.cursor(in: frame.rect) { cursor = paneCursor }
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
        let session = focusedSession
        var pane = "pane \(index + 1)/\(panes.count)"
        if let label = session?.hostLabel { pane += " · \(label)" }
        if session?.isScrolling == true { pane += " · scroll mode: ↑↓ PgUp PgDn g G, q leaves" }
        if focus == .navigator { pane = "Navigator: type to filter, Enter opens, Tab back to the panes" }
        var message = self.message
        if confirmingClose != nil {
            let label = focusedSession?.hostLabel.map { " to \($0)" } ?? ""
            message = "close pane \(index + 1) and its Session\(label)? (y/n)"
        }
        if confirmingQuit {
            let live = sessions.values.filter { $0.status.isLive }.count
            message = "quit and close \(live) Session\(live == 1 ? "" : "s")? (y/n)"
        }
        return StatusBar(
            workspace: "\(selectedWorkspace + 1):\(workspace.name.isEmpty ? "empty" : workspace.name)",
            pane: pane, message: message,
            awaitingPrefix: dispatcher.isAwaitingKey ? keymap.prefix.description : nil,
            pendingInteractions: pendingInteractions, activeTransfers: services.activeTransferCount,
            helpKeys: keys(for: .showHelp))
    }
}
