/// Moving a pane between Workspaces, as tmux's `join-pane`: out of one tree, into the other as
/// a split of its focused pane. The pane keeps its id, so its Session moves with it.
extension Workspace {
    /// Moves pane `id` out of `source` into `destination`, splitting the destination's focused
    /// pane along `axis` (the moved pane takes the second part, with focus). Nil when the source
    /// has no such pane or both are the same Workspace.
    public static func movePane(
        _ id: PaneID, from source: Workspace, to destination: Workspace,
        axis: SplitAxis = .horizontal, fraction: Double = 0.5
    ) -> PaneMove? {
        guard source.id != destination.id, !destination.contains(id) else { return nil }
        let removal = source.removingPane(id)
        guard let moved = removal.removedPane else { return nil }
        var joined = destination
        joined.split(axis, with: moved, fraction: fraction)
        return PaneMove(source: removal.workspace, destination: joined, movedPane: moved)
    }
}
