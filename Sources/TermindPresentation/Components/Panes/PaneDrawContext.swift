/// What a pane needs from the workbench to draw itself: its place among the Workspace's panes,
/// the name the person gave it, whether it has focus or is zoomed, and the keys the hints name.
/// A plain value built per frame.
struct PaneDrawContext {
    /// The pane's position in its Workspace, from 1.
    let number: Int
    /// The name the person gave the pane (`rename-pane`): its title shows it instead of the
    /// Host's label.
    var name: String? = nil
    let isFocused: Bool
    let isZoomed: Bool
    /// The pane is in the broadcast set: what is typed into one of the set goes to it too.
    var isBroadcasting = false
    /// "C-\ r" and similar, from the keymap, for the hints.
    var reconnectKeys: String?
    var reconnectAllKeys: String?
    var closeKeys: String?
    var quickOpenKeys: String?
}
