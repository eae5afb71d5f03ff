import TermindDomain

// Quick Open in the overlay stack: typing filters the Hosts, Workspaces, Templates and actions;
// Enter opens the selected one (the workbench carries it out), Escape closes.

extension QuickOpen: Overlay, QueryPicker {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        let matches = self.matches(in: context)
        switch press.key {
        case .escape:
            return .close
        case .enter:
            guard !matches.isEmpty else { return .close }
            return .closes(.openCandidate(matches[min(selection, matches.count - 1)], inPane: targetPane))
        case .tab:
            selection = min(max(0, matches.count - 1), selection + 1)
        default:
            _ = editQuery(press, matchCount: matches.count)
        }
        return .handled
    }

    mutating func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome {
        query += Workbench.firstLine(of: bytes)
        selection = 0
        return .handled
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        QuickOpenView.draw(self, matches: matches(in: context), in: area, into: &buffer)
    }

    @MainActor private func matches(in context: OverlayContext) -> [Candidate] {
        matches(hosts: context.vault.hostSearch, workspaces: context.workspaces, recent: context.vault.recent, templates: context.vault.templates)
    }
}
