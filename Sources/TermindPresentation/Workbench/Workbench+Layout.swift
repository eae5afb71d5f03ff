import TermindApplication
import TermindDomain

// Where everything sits on the screen: the tab bar on the first row, the status bar on the
// last, the Navigator on the left of the rows between when shown, and the Workspace's panes in
// the rest. Each pane has a title line; the remote screen fills the rows below it.

extension Workbench {
    /// The smallest screen the workbench draws itself on; below it, it says so.
    static let minimumScreen = CellSize(columns: 20, rows: 5)

    var fitsScreen: Bool { size.columns >= Self.minimumScreen.columns && size.rows >= Self.minimumScreen.rows }

    /// The Navigator's width, 0 when hidden (it never takes more than a third of the screen).
    var navigatorWidth: Int {
        guard navigator.isVisible, fitsScreen else { return 0 }
        return min(Navigator.width, size.columns / 3)
    }

    /// The Navigator's rows and columns (the column right of it is its border).
    var navigatorRect: CellRect {
        CellRect(column: 0, row: 1, columns: navigatorWidth, rows: max(0, size.rows - 2))
    }

    /// Where the shown Workspace's panes go.
    var workspaceArea: CellRect {
        let left = navigatorWidth == 0 ? 0 : navigatorWidth + 1
        return CellRect(column: left, row: 1, columns: max(0, size.columns - left), rows: max(0, size.rows - 2))
    }

    /// The shown Workspace laid out on the screen.
    var currentLayout: PaneLayout {
        workspace.layout(in: workspaceArea, minimumPane: Self.minimumPane)
    }

    /// Where a pane's remote screen goes inside its rect: below the title line.
    nonisolated static func contentRect(of rect: CellRect) -> CellRect {
        CellRect(column: rect.column, row: rect.row + 1, columns: rect.columns, rows: max(0, rect.rows - 1))
    }

    /// The remote screen's size for pane `id` of `workspace`: its rect when shown, or its tiled
    /// rect when another pane is zoomed (hidden panes keep their size, as in tmux).
    func contentSize(of id: PaneID, in workspace: Workspace) -> CellSize {
        let area = workspaceArea
        let rect = workspace.layout(in: area, minimumPane: Self.minimumPane).rect(of: id)
            ?? workspace.root.layout(in: area, minimumPane: Self.minimumPane).rect(of: id)
        return rect.map { Self.contentRect(of: $0).size } ?? .zero
    }

    /// Gives every pane of every open Workspace its laid-out size; each Session sends a
    /// window-change when its size changed.
    func syncPaneSizes() {
        guard fitsScreen else { return }
        let area = workspaceArea
        for workspace in workspaces {
            let shown = workspace.layout(in: area, minimumPane: Self.minimumPane)
            let tiled = workspace.isZoomed ? workspace.root.layout(in: area, minimumPane: Self.minimumPane) : shown
            for pane in workspace.panes {
                guard let rect = shown.rect(of: pane.id) ?? tiled.rect(of: pane.id) else { continue }
                sessions[pane.id]?.resize(to: Self.contentRect(of: rect).size)
            }
        }
    }

    /// The Workspace and pane that hold `id`.
    func location(of id: PaneID) -> (workspace: Int, pane: Int)? {
        for (index, workspace) in workspaces.enumerated() {
            if let pane = workspace.panes.firstIndex(where: { $0.id == id }) { return (index, pane) }
        }
        return nil
    }
}
