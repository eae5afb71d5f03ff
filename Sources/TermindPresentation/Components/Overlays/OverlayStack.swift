import TermindDomain

/// The open overlays in one order, bottom first: by `OverlayLevel`, then by when each opened
/// (the last opened of a level is above the others of its level). Drawing walks it bottom-up,
/// so the top is drawn over the rest; keys, pastes and the mouse go to the top only, which
/// may let them through to the workbench below every overlay.
///
/// Owned by the `Workbench`, on the TUI's main actor.
@MainActor
struct OverlayStack {
    /// Bottom first.
    private(set) var bottomUp: [any Overlay] = []

    var isEmpty: Bool { bottomUp.isEmpty }
    /// The overlay that takes input, and is drawn last.
    var top: (any Overlay)? { bottomUp.last }

    /// Opens `overlay` above every overlay of its level or a lower one.
    mutating func push(_ overlay: any Overlay) {
        let index = bottomUp.lastIndex { $0.level <= overlay.level }.map { $0 + 1 } ?? 0
        bottomUp.insert(overlay, at: index)
    }

    /// Closes the top overlay.
    mutating func popTop() {
        _ = bottomUp.popLast()
    }

    /// Closes the overlay of type `T`, wherever it is.
    mutating func remove<T: Overlay>(_ type: T.Type) {
        bottomUp.removeAll { $0 is T }
    }

    /// The open overlay of type `T`. Setting nil closes it; setting a value changes it where it
    /// is, or opens it (a push) when none of its type is open.
    subscript<T: Overlay>(type: T.Type) -> T? {
        get { bottomUp.lazy.compactMap { $0 as? T }.first }
        set {
            guard let index = bottomUp.firstIndex(where: { $0 is T }) else {
                if let newValue { push(newValue) }
                return
            }
            if let newValue {
                bottomUp[index] = newValue
            } else {
                bottomUp.remove(at: index)
            }
        }
    }

    /// Draws every overlay, the bottom one first, so the top one is seen over the rest; returns
    /// the cursor of the highest one that places it, or `below` when none does.
    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext, cursor below: ScreenCursor) -> ScreenCursor {
        var cursor = below
        for overlay in bottomUp {
            if let placed = overlay.draw(into: &buffer, in: area, context: context) { cursor = placed }
        }
        return cursor
    }

    /// Gives the top overlay an event: it stays with its new state, or leaves the stack, as the
    /// outcome says. Nil when no overlay is open (the event is the workbench's).
    mutating func sendToTop(_ event: (inout any Overlay) -> OverlayOutcome) -> OverlayOutcome? {
        guard var overlay = bottomUp.popLast() else { return nil }
        let outcome = event(&overlay)
        if outcome.next != .closes { bottomUp.append(overlay) }
        return outcome
    }
}
