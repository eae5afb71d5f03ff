import TermindDomain

// The Snippet picker in the overlay stack: choose a Snippet, fill its variables one by one, see
// the whole script, and Enter asks the workbench to type it into the target panes. F7, F6 and
// F8 open the Vault's form or removal question over the picker.

extension SnippetPicker: Overlay, QueryPicker {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        if press.key == .escape { return .close }
        switch stage {
        case .choosing:
            switch press.key {
            case .enter: choose()
            case .function(7), .insert:
                return .stays(.openVaultForm(.snippet(editing: nil)))
            case .function(6):
                return editSelected()
            case .character("e") where press.modifiers == .control:
                return editSelected()
            case .function(8), .delete:
                guard let snippet = selected else { return .handled }
                return .stays(.askRemoval(.snippet, label: snippet.label.rawValue))
            default:
                _ = editQuery(press, matchCount: matches.count)
            }
        case .filling:
            switch press.key {
            case .enter: acceptField()
            case .backspace: if !field.isEmpty { field.removeLast() }
            case .character("u") where press.modifiers == .control: field = ""
            default:
                guard let character = press.typedCharacter else { return .handled }
                field.append(character)
            }
        case .confirming:
            guard press.key == .enter else { return .handled }
            return .closes(.sendSnippet(self))
        }
        return .handled
    }

    /// The first line, into the query or the value being typed.
    mutating func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome {
        let text = Workbench.firstLine(of: bytes)
        switch stage {
        case .choosing: query += text
        case .filling: field += text
        case .confirming: break
        }
        return .handled
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        SnippetPickerView.draw(self, in: area, into: &buffer)
    }

    /// F6 or C-e: the form for the selected Snippet.
    private func editSelected() -> OverlayOutcome {
        guard let snippet = selected else { return .handled }
        return .stays(.openVaultForm(.snippet(editing: snippet.label.rawValue)))
    }
}
