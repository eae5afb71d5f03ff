import TermindDomain

/// A question the status bar asks, answered by the next key (which it takes, whatever it is):
/// quit with Sessions open, close a live pane, forget the Recent Workspaces, which Workspace
/// to move the pane to. Draws nothing itself: the status bar words it (`Workbench+Drawing`).
enum StatusQuestion: Overlay, Equatable {
    /// Quit while Sessions are open or transfers run.
    case quit
    /// Close this pane: its Session is live (an editor with unsaved work would be lost).
    case closePane(PaneID)
    /// `C-x` in the Navigator: forget every Recent Workspace.
    case clearRecent
    /// `move-pane-to-workspace` without a number: the next digit chooses.
    case moveTarget

    var level: OverlayLevel { .statusQuestion }

    func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        let yes = press.typedCharacter == "y" || press.typedCharacter == "Y"
        switch self {
        case .quit: return yes ? .closes(.quit) : .close
        case .clearRecent: return yes ? .closes(.clearRecent) : .close
        case .closePane(let pane): return yes ? .closes(.closePane(pane)) : .close
        case .moveTarget:
            guard let digit = press.typedCharacter?.wholeNumberValue, digit > 0 else { return .close }
            return .closes(.movePane(toWorkspace: digit))
        }
    }

    /// A paste goes where it would without the question, which stays.
    func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome { .passThrough }

    /// The mouse waits for the quit and close answers; the other questions let it through.
    func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome {
        switch self {
        case .quit, .closePane: return .ignored
        case .clearRecent, .moveTarget: return .passThrough
        }
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? { nil }
}
