/// Both Workspaces after a pane moved from one to the other.
public struct PaneMove: Sendable, Hashable {
    /// The Workspace the pane left, or nil when it was its last pane (the caller removes it).
    public let source: Workspace?
    /// The Workspace the pane joined, with the pane focused.
    public let destination: Workspace
    public let movedPane: Pane
}
