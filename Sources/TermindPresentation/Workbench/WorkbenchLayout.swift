import TermindDomain

/// Where everything sits on the screen, computed once from the model for a frame (or for one
/// event) and handed to what draws or hit-tests: the tab bar on the first row, the status bar
/// on the last, the Navigator on the left of the rows between when shown, and the shown
/// Workspace's panes in the rest. Each pane has a title line; its content fills the rows below.
/// A plain value.
struct WorkbenchLayout {
    /// The smallest screen the workbench draws itself on; below it, it says so.
    static let minimumScreen = CellSize(columns: 20, rows: 5)
    /// The smallest pane: a title line and one row of content, a few columns.
    static let minimumPane = CellSize(columns: 4, rows: 2)

    let size: CellSize
    /// The Navigator's rows and columns (the column right of it is its border); no columns
    /// when hidden.
    let navigatorRect: CellRect
    /// Where the shown Workspace's panes go.
    let workspaceArea: CellRect
    /// The shown Workspace's panes and dividers in `workspaceArea`.
    let panes: PaneLayout

    init(size: CellSize, showsNavigator: Bool, workspace: Workspace) {
        self.size = size
        let width = Self.navigatorWidth(size: size, showsNavigator: showsNavigator)
        navigatorRect = CellRect(column: 0, row: 1, columns: width, rows: max(0, size.rows - 2))
        workspaceArea = Self.workspaceArea(size: size, navigatorWidth: width)
        panes = workspace.layout(in: workspaceArea, minimumPane: Self.minimumPane)
    }

    var fitsScreen: Bool { Self.fits(size) }

    static func fits(_ size: CellSize) -> Bool {
        size.columns >= minimumScreen.columns && size.rows >= minimumScreen.rows
    }

    /// The Navigator's width, 0 when hidden (it never takes more than a third of the screen).
    static func navigatorWidth(size: CellSize, showsNavigator: Bool) -> Int {
        guard showsNavigator, fits(size) else { return 0 }
        return min(Navigator.width, size.columns / 3)
    }

    static func workspaceArea(size: CellSize, navigatorWidth: Int) -> CellRect {
        let left = navigatorWidth == 0 ? 0 : navigatorWidth + 1
        return CellRect(column: left, row: 1, columns: max(0, size.columns - left), rows: max(0, size.rows - 2))
    }

    /// Where a pane's content goes inside its rect: below the title line.
    static func contentRect(of rect: CellRect) -> CellRect {
        CellRect(column: rect.column, row: rect.row + 1, columns: rect.columns, rows: max(0, rect.rows - 1))
    }
}
