/// What removing a pane left behind.
public enum PaneRemoval: Sendable, Hashable {
    /// The Workspace without the pane; `removed` is the pane taken out (its Session to close or
    /// to carry along when moving it).
    case remaining(Workspace, removed: Pane)
    /// It was the last pane: the Workspace is now empty and the caller removes it.
    case workspaceEmptied(removed: Pane)
    /// The Workspace has no such pane; nothing changed.
    case notFound

    public var removedPane: Pane? {
        switch self {
        case .remaining(_, let removed), .workspaceEmptied(let removed): removed
        case .notFound: nil
        }
    }

    /// The Workspace left, or nil when it emptied or had no such pane.
    public var workspace: Workspace? {
        if case .remaining(let workspace, _) = self { return workspace }
        return nil
    }
}
