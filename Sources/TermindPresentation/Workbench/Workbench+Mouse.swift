import TermindDomain

// The mouse: a tab selects its Workspace, the Navigator's entries select and open, a divider
// drags, a pane takes focus. Inside a pane, a program that asked for the mouse gets it; the
// wheel otherwise scrolls back (or, on a full-screen program's alternate screen, sends arrow
// keys, as terminals do).

extension Workbench {
    /// Lines the wheel moves per notch.
    static let wheelLines = 3

    func handleMouse(_ event: MouseEvent) {
        guard dialog == nil, quickOpen == nil, !confirmingQuit, confirmingClose == nil, fitsScreen else { return }
        if helpScroll != nil {
            if event.kind == .scrollUp { helpScroll = max(0, (helpScroll ?? 0) - Self.wheelLines) }
            if event.kind == .scrollDown { helpScroll = (helpScroll ?? 0) + Self.wheelLines }
            if case .press = event.kind { helpScroll = nil }
            return
        }
        if let divider = draggedDivider {
            switch event.kind {
            case .drag:
                let area = workspaceArea
                let position = divider.axis == .horizontal ? event.column - area.column : event.row - area.row
                workspace.moveDivider(divider, to: position, in: area.size, minimumPane: Self.minimumPane)
                syncPaneSizes()
            default:
                draggedDivider = nil
            }
            return
        }
        if event.row == 0 {
            if case .press(.left) = event.kind, let index = TabBar.workspace(atColumn: event.column, of: tabTitles) {
                selectWorkspace(index)
            }
            return
        }
        if event.row == size.rows - 1 { return }
        if navigatorRect.contains(column: event.column, row: event.row) {
            handleNavigatorMouse(event)
            return
        }
        let layout = currentLayout
        if case .press(.left) = event.kind, let divider = layout.divider(atColumn: event.column, row: event.row) {
            draggedDivider = divider
            return
        }
        guard let id = layout.pane(atColumn: event.column, row: event.row), let rect = layout.rect(of: id),
            let session = sessions[id]
        else { return }
        if case .press = event.kind, workspace.focusedPaneID != id || focus != .panes {
            workspace.focus(id)
            focus = .panes
            return
        }
        let content = Self.contentRect(of: rect)
        let row = event.row - content.row, column = event.column - content.column
        let passes = session.status == .connected && !session.isScrolling && session.surface.mouseMode != .none
        switch event.kind {
        case .scrollUp, .scrollDown:
            let up = event.kind == .scrollUp
            if passes {
                session.surface.mouse(event.kind, row: max(0, row), column: column, modifiers: event.modifiers)
                session.flushSurfaceOutput()
            } else if session.status == .connected, session.surface.isAlternateScreen, !session.isScrolling {
                for _ in 0..<Self.wheelLines { session.surface.type(KeyPress(up ? .up : .down)) }
                session.flushSurfaceOutput()
            } else if session.status != .empty {
                session.scroll(by: up ? Self.wheelLines : -Self.wheelLines)
                session.isScrolling = session.scrollOffset > 0
            }
        default:
            if passes, row >= 0 {
                session.surface.mouse(event.kind, row: row, column: column, modifiers: event.modifiers)
                session.flushSurfaceOutput()
            }
        }
    }

    private func handleNavigatorMouse(_ event: MouseEvent) {
        let entries = navigator.entries(hosts: hosts, workspaces: workspaces, recent: recent)
        switch event.kind {
        case .scrollUp: navigator.moveSelection(by: -1, in: entries)
        case .scrollDown: navigator.moveSelection(by: 1, in: entries)
        case .press(.left):
            focus = .navigator
            let line = event.row - NavigatorView.firstEntryRow(in: navigatorRect)
            let visible = NavigatorView.visibleEntries(entries, selection: navigator.selection, rows: NavigatorView.entryRows(in: navigatorRect))
            guard visible.indices.contains(line), let selectable = visible[line].selectableIndex else { return }
            if selectable == navigator.selection {
                openNavigatorEntry(visible[line].entry)
            } else {
                navigator.selection = selectable
            }
        default:
            break
        }
    }

    /// The tab bar's titles, one per Workspace.
    var tabTitles: [String] {
        workspaces.enumerated().map { "\($0.offset + 1) \($0.element.name.isEmpty ? "empty" : $0.element.name)" }
    }
}
