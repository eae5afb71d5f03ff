import TermindDomain

/// The help overlay (`C-\ ?`): every key binding, scrolled by the arrows, j/k, the pages and
/// the wheel; any other key or a click closes it. Drawn by `HelpOverlay`.
struct KeyBindingsHelp: Overlay {
    /// The first row shown.
    var scroll = 0

    var level: OverlayLevel { .screen }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        let rows = context.keymap.helpRows().count
        switch press.key {
        case .up, .character("k"): scroll = max(0, scroll - 1)
        case .down, .character("j"): scroll = min(max(0, rows - 1), scroll + 1)
        case .pageUp: scroll = max(0, scroll - 10)
        case .pageDown, .character(" "): scroll = min(max(0, rows - 1), scroll + 10)
        default: return .close
        }
        return .handled
    }

    /// A paste goes where it would without the overlay.
    func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome { .passThrough }

    mutating func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome {
        switch event.kind {
        case .scrollUp: scroll = max(0, scroll - Workbench.wheelLines)
        case .scrollDown: scroll += Workbench.wheelLines
        case .press: return .close
        default: break
        }
        return .handled
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        HelpOverlay.draw(context.keymap.helpRows(), prefix: context.keymap.prefix.description, scroll: scroll, in: area, into: &buffer)
        return .hidden
    }
}
