/// A terminal pane's copy mode (the evolution of its scroll mode): the keys scroll and move a
/// cursor through the scrollback and the screen instead of going to the remote, `v`, `V` and
/// `C-v` start a selection that follows the cursor, and find highlights what it matched. The
/// pane's view (`TerminalPane.scrollOffset`) follows the cursor. A plain value.
struct CopyMode {
    var cursor: TextPosition
    /// Where the selection started, and how it selects; the cursor is its other end.
    var anchor: TextPosition?
    var kind: TextSelection.Kind = .character
    var find: PaneFind?
    /// Entered by dragging the mouse: letting go copies and leaves.
    var isMouseDrag = false
    /// Entered by the find action: cancelling the find leaves copy mode too.
    var leavesWithFind = false

    var selection: TextSelection? {
        anchor.map { TextSelection(anchor: $0, head: cursor, kind: kind) }
    }

    /// Starts a selection of `kind` at the cursor, ends it if one of that kind is on, or
    /// changes the kind of the one on.
    mutating func toggleSelection(_ kind: TextSelection.Kind) {
        if anchor != nil, self.kind == kind {
            anchor = nil
        } else {
            if anchor == nil { anchor = cursor }
            self.kind = kind
        }
    }
}
