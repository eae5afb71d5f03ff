import TermindDomain

// The command history overlay in the overlay stack: each change of the query or scope asks the
// workbench to search again; Enter hands the chosen command to the pane it opened for.

extension HistoryOverlay: Overlay, QueryPicker {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        switch press.key {
        case .escape:
            return .close
        case .enter:
            guard let entry = selected else { return .close }
            return .closes(.insertCommand(entry, into: targetPane))
        case .tab:
            guard paneHost != nil else { return .handled }
            onlyPaneHost.toggle()
            return .stays(.searchHistory)
        default:
            // A new query searches again (which selects the first row).
            if editQuery(press, matchCount: results.count) == .queryChanged { return .stays(.searchHistory) }
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
