import TermindDomain

// The command history overlay in the overlay stack: each change of the query or scope asks the
// workbench to search again; Enter hands the chosen command to the pane it opened for.

extension HistoryOverlay: Overlay {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        switch press.key {
        case .escape:
            return .close
        case .enter:
            guard let entry = selected else { return .close }
            return .closes(.insertCommand(entry, into: targetPane))
        case .up:
            selection = max(0, selection - 1)
        case .down:
            selection = min(max(0, results.count - 1), selection + 1)
        case .character("p") where press.modifiers == .control:
            selection = max(0, selection - 1)
        case .character("n") where press.modifiers == .control:
            selection = min(max(0, results.count - 1), selection + 1)
        case .tab:
            guard paneHost != nil else { return .handled }
            onlyPaneHost.toggle()
            return .stays(.searchHistory)
        case .backspace:
            guard !query.isEmpty else { return .handled }
            query.removeLast()
            return .stays(.searchHistory)
        case .character("u") where press.modifiers == .control:
            query = ""
            return .stays(.searchHistory)
        default:
            guard let character = press.typedCharacter else { return .handled }
            query.append(character)
            return .stays(.searchHistory)
        }
        return .handled
    }

    mutating func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome {
        query += Workbench.firstLine(of: bytes)
        return .stays(.searchHistory)
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        HistoryOverlayView.draw(self, hosts: context.vault.hosts, now: context.now, in: area, into: &buffer)
    }
}
