import TermindDomain

/// What the workbench remembers of its layout between events: the layout the panes were last
/// given their sizes for (`settle()` lays out again only when it changed) and the divider the
/// mouse is dragging. A value the `Workbench` owns.
struct WorkbenchLayoutState {
    var laidOut: Workbench.LayoutKey?
    var draggedDivider: PaneDivider?
}
