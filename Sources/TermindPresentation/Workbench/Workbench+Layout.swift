import TermindApplication
import TermindDomain

// The layout as the model's events see it, and the pane sizes that follow from it: after the
// events that may move things (keys, the mouse, a resize, a new pane), each pane whose content
// size changed gets a `.resized` event, and a terminal pane answers with its window change.

extension Workbench {
    /// What the layout depends on: when it is unchanged, no pane's size is either.
    struct LayoutKey: Equatable {
        let size: CellSize
        let navigatorWidth: Int
        let workspaces: [Workspace]
    }

    static var minimumPane: CellSize { WorkbenchLayout.minimumPane }

    var fitsScreen: Bool { WorkbenchLayout.fits(size) }

    /// The Navigator's width, 0 when hidden.
    var navigatorWidth: Int { WorkbenchLayout.navigatorWidth(size: size, showsNavigator: navigator.isVisible) }

    /// The Navigator's rows and columns (the column right of it is its border).
    var navigatorRect: CellRect {
        CellRect(column: 0, row: 1, columns: navigatorWidth, rows: max(0, size.rows - 2))
    }

    /// Where the shown Workspace's panes go.
    var workspaceArea: CellRect { WorkbenchLayout.workspaceArea(size: size, navigatorWidth: navigatorWidth) }

    /// The whole screen laid out now.
    var layout: WorkbenchLayout { WorkbenchLayout(size: size, showsNavigator: navigator.isVisible, workspace: workspace) }

    /// The content size for pane `id` of `workspace`: its rect when shown, or its tiled rect
    /// when another pane is zoomed (hidden panes keep their size, as in tmux).
    func contentSize(of id: PaneID, in workspace: Workspace) -> CellSize {
        let area = workspaceArea
        let rect = workspace.layout(in: area, minimumPane: Self.minimumPane).rect(of: id)
            ?? workspace.root.layout(in: area, minimumPane: Self.minimumPane).rect(of: id)
        return rect.map { WorkbenchLayout.contentRect(of: $0).size } ?? .zero
    }

    /// After events: gives every pane of every open Workspace its laid-out size when the layout
    /// changed (each pane says what follows, a window change for a terminal), and lets the
    /// focused pane know it is seen.
    func settle() {
        syncPaneSizes()
        deliver(.viewed, to: workspace.focusedPaneID)
    }

    private func syncPaneSizes() {
        guard fitsScreen else { return }
        let key = LayoutKey(size: size, navigatorWidth: navigatorWidth, workspaces: workspaces)
        guard key != laidOut else { return }
        laidOut = key
        let area = workspaceArea
        for workspace in workspaces {
            let shown = workspace.layout(in: area, minimumPane: Self.minimumPane)
            let tiled = workspace.isZoomed ? workspace.root.layout(in: area, minimumPane: Self.minimumPane) : shown
            for pane in workspace.panes {
                guard let rect = shown.rect(of: pane.id) ?? tiled.rect(of: pane.id) else { continue }
                deliver(.resized(WorkbenchLayout.contentRect(of: rect).size), to: pane.id)
            }
        }
    }

    /// Puts `component` in charge of its pane; the next `settle()` lays every pane out again.
    func install(_ component: any PaneComponent) {
        panes[component.paneID] = component
        laidOut = nil
    }
}
