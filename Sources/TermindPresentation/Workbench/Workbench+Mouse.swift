import TermindDomain

// The mouse: the top overlay first (help scrolls with the wheel), then a tab selects its Workspace, the Navigator's entries select and open, a divider
// drags, a press on a pane focuses it. Otherwise the event goes to the pane under it (the wheel
// scrolls an unfocused one too), in its content's coordinates.

extension Workbench {
    /// Lines the wheel moves per notch in the help overlay.
    static let wheelLines = 3

    func handleMouse(_ event: MouseEvent) {
        guard fitsScreen, !sendMouseToOverlays(event) else { return }
        if let divider = draggedDivider {
            switch event.kind {
            case .drag:
                let area = workspaceArea
                let position = divider.axis == .horizontal ? event.column - area.column : event.row - area.row
                workspace.moveDivider(divider, to: position, in: area.size, minimumPane: Self.minimumPane)
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
        let layout = self.layout.panes
        if case .press(.left) = event.kind, let divider = layout.divider(atColumn: event.column, row: event.row) {
            draggedDivider = divider
            return
        }
        guard let id = layout.pane(atColumn: event.column, row: event.row), let rect = layout.rect(of: id), panes[id] != nil
        else { return }
        if case .press = event.kind, workspace.focusedPaneID != id || focus != .panes {
            workspace.focus(id)
            focus = .panes
            return
        }
        let content = WorkbenchLayout.contentRect(of: rect)
        deliver(.mouse(event, row: event.row - content.row, column: event.column - content.column), to: id)
    }

    private func handleNavigatorMouse(_ event: MouseEvent) {
        let entries = navigator.entries(hosts: hostSearch, workspaces: workspaces, recent: recent, identities: identities)
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
