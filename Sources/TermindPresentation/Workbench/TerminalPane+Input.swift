import TermindDomain

// The person's keys and mouse in a terminal pane: typed into the surface in the remote
// program's modes, or, in scroll mode, moving through the scrollback; Enter picks a Host in an
// empty pane and reconnects an ended one.

extension TerminalPane {
    func key(_ press: KeyPress) -> [PaneEffect] {
        if isScrolling {
            scrollKey(press)
            return []
        }
        switch status {
        case .empty:
            return press.key == .enter ? [.chooseHost] : []
        case .connecting:
            surface.type(press)  // sent once the shell is open
            return []
        case .connected:
            scrollOffset = 0
            surface.type(press)
            return sendTyped()
        case .ended, .dropped, .failed, .hostKeyChanged:
            return press.key == .enter ? update(.reconnect) : []
        }
    }

    /// What the surface encoded for the keys, as bytes to send.
    private func sendTyped() -> [PaneEffect] {
        let bytes = surface.takeOutput()
        return bytes.isEmpty ? [] : [.send(bytes)]
    }

    /// Scroll mode: the keys of `less` and tmux's copy mode move through the scrollback.
    private func scrollKey(_ press: KeyPress) {
        let page = max(1, surface.rows - 1)
        if press.modifiers == .control, case .character(let character) = press.key {
            // less's and vi's Ctrl-B and Ctrl-F page too.
            if character == "b" { scroll(by: page) }
            if character == "f" { scroll(by: -page) }
            return
        }
        switch (press.key, press.typedCharacter) {
        case (.up, _), (_, "k"), (_, "y"): scroll(by: 1)
        case (.down, _), (_, "j"), (_, "e"): scroll(by: -1)
        case (.pageUp, _), (_, "b"): scroll(by: page)
        case (.pageDown, _), (_, "f"), (_, " "): scroll(by: -page)
        case (_, "u"): scroll(by: page / 2)
        case (_, "d"): scroll(by: -page / 2)
        case (.home, _), (_, "g"): scroll(by: surface.scrollbackCount)
        case (.end, _), (_, "G"): scrollOffset = 0
        case (.escape, _), (_, "q"), (.enter, _):
            scrollOffset = 0
            isScrolling = false
        default:
            break
        }
    }

    /// A program that asked for the mouse gets it; the wheel otherwise scrolls back (or, on a
    /// full-screen program's alternate screen, sends arrow keys, as terminals do).
    func mouse(_ event: MouseEvent, row: Int, column: Int) -> [PaneEffect] {
        let passes = status == .connected && !isScrolling && surface.mouseMode != .none
        switch event.kind {
        case .scrollUp, .scrollDown:
            let up = event.kind == .scrollUp
            if passes {
                surface.mouse(event.kind, row: max(0, row), column: column, modifiers: event.modifiers)
                return sendTyped()
            } else if status == .connected, surface.isAlternateScreen, !isScrolling {
                for _ in 0..<Self.wheelLines { surface.type(KeyPress(up ? .up : .down)) }
                return sendTyped()
            } else if status != .empty {
                scroll(by: up ? Self.wheelLines : -Self.wheelLines)
                isScrolling = scrollOffset > 0
            }
            return []
        default:
            guard passes, row >= 0 else { return [] }
            surface.mouse(event.kind, row: row, column: column, modifiers: event.modifiers)
            return sendTyped()
        }
    }
}
