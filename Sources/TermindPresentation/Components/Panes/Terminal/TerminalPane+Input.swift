import TermindDomain

// The person's keys and mouse in a terminal pane: typed into the surface in the remote
// program's modes, or, in copy mode, moving through the scrollback (`TerminalPane+CopyMode`);
// Enter picks a Host in an empty pane and reconnects an ended one.

extension TerminalPane {
    func key(_ press: KeyPress) -> [PaneEffect] {
        if isScrolling {
            return copyModeKey(press)
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
            if press.key == .escape, reconnectCountdown != nil { return waitForPerson() }
            if press.key == .character("d"), let detail = status.detail, let hostLabel {
                return [.showConnectionDetails(hostLabel: hostLabel, detail: detail)]
            }
            return press.key == .enter ? update(.reconnect) : []
        }
    }

    /// What the surface encoded for the keys, as bytes to send.
    private func sendTyped() -> [PaneEffect] {
        let bytes = surface.takeOutput()
        return bytes.isEmpty ? [] : [.send(bytes)]
    }

    /// A program that asked for the mouse gets it; the wheel otherwise scrolls back (or, on a
    /// full-screen program's alternate screen, sends arrow keys, as terminals do), and a drag
    /// selects text, copied when the button is let go.
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
                wheelScroll(up: up)
            }
            return []
        default:
            guard passes else { return status == .empty ? [] : mouseSelection(event.kind, row: row, column: column) }
            guard row >= 0 else { return [] }
            surface.mouse(event.kind, row: row, column: column, modifiers: event.modifiers)
            return sendTyped()
        }
    }
}
