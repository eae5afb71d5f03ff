import TermindDomain

// Find in a terminal pane, part of copy mode: a prompt on the pane's last row takes the query
// (literal or regular expression, case or not), every match is highlighted, the cursor and the
// view go to the current one; Enter keeps the query and n, N (Enter, Shift-Enter) step through
// the matches. Output arriving meanwhile is searched at the next find key, not at each read: a
// search of a full scrollback costs milliseconds, and the matches found stay on their lines.

extension TerminalPane {
    /// Opens the find prompt, in copy mode (entering it just for the find when it was off).
    func openFind() -> [PaneEffect] {
        let entered = copyMode == nil
        isScrolling = true
        guard let cursor = copyMode?.cursor else { return [] }
        // A new query, with the options of the last one.
        let options = copyMode?.find?.query
        copyMode?.find = PaneFind(
            origin: cursor, query: FindQuery(pattern: "", isRegex: options?.isRegex ?? false, isCaseSensitive: options?.isCaseSensitive ?? false))
        if entered { copyMode?.leavesWithFind = true }
        return []
    }

    /// A key while the prompt is being typed into.
    func findKey(_ press: KeyPress) -> [PaneEffect] {
        guard var find = copyMode?.find else { return [] }
        switch press.key {
        case .escape:
            closeFind()
            return []
        case .enter:
            guard !find.query.pattern.isEmpty else {
                closeFind()
                return []
            }
            copyMode?.find?.isEditing = false
            if press.modifiers.contains(.shift) { stepFind(older: false) }
            return []
        case .backspace:
            guard !find.query.pattern.isEmpty else { return [] }
            find.query.pattern.removeLast()
        case .character("u") where press.modifiers == .control:
            find.query.pattern = ""
        case .character(let character) where press.modifiers == .alt:
            toggleFindOption(character)
            return []
        default:
            guard let character = press.typedCharacter else { return [] }
            find.query.pattern.append(character)
        }
        // Each change searches from where the find began.
        copyMode?.find = find
        searchAgain(fromOrigin: true)
        return []
    }

    /// Text pasted while the prompt is typed into: its first line joins the query.
    func pasteIntoFind(_ bytes: [UInt8]) {
        guard copyMode?.find?.isEditing == true else { return }
        let line = String(decoding: bytes, as: UTF8.self).prefix { $0 != "\n" && $0 != "\r" }
        copyMode?.find?.query.pattern += line.filter { !CellBuffer.isControl($0) }
        searchAgain(fromOrigin: true)
    }

    /// Alt-r turns the regular expression on and off, Alt-c whether case counts.
    func toggleFindOption(_ character: Character) {
        guard copyMode?.find != nil else { return }
        switch character {
        case "r": copyMode?.find?.query.isRegex.toggle()
        case "c": copyMode?.find?.query.isCaseSensitive.toggle()
        default: return
        }
        searchAgain(fromOrigin: copyMode?.find?.isEditing == true)
    }

    /// Ends the find: the highlights go, the cursor returns to where the find began; copy mode
    /// ends too when it was opened for the find.
    func closeFind() {
        guard let mode = copyMode, let find = mode.find else { return }
        copyMode?.find = nil
        searchedText = nil
        if mode.leavesWithFind {
            isScrolling = false
        } else {
            moveCursor(to: find.origin)
        }
    }

    /// The next match up (`older`) or down, searching again first if the text changed.
    func stepFind(older: Bool) {
        guard let find = copyMode?.find, !find.query.pattern.isEmpty else { return }
        if searchedText?.version != surface.contentVersion { searchAgain(fromOrigin: false) }
        copyMode?.find?.step(older: older)
        showCurrentMatch()
    }

    /// Searches the pane's text again; the current match is the nearest at or above the find's
    /// origin (while typing) or the current one.
    private func searchAgain(fromOrigin: Bool) {
        guard var find = copyMode?.find else { return }
        if fromOrigin { find = PaneFind(origin: find.origin, query: find.query, isEditing: find.isEditing) }
        find.search(text())
        copyMode?.find = find
        showCurrentMatch()
    }

    /// Puts the cursor on the current match and the match in the middle of the view (or the
    /// cursor back at the origin when nothing matches).
    private func showCurrentMatch() {
        guard let find = copyMode?.find else { return }
        guard let match = find.currentMatch else {
            moveCursor(to: find.origin)
            return
        }
        moveCursor(to: match.start)
        let top = viewTop
        if match.start.line < top || match.start.line >= top + surface.rows { reveal(match.start.line, centred: true) }
    }

    /// The pane's text, made again only when the surface changed since.
    private func text() -> PaneText {
        if let searchedText, searchedText.version == surface.contentVersion { return searchedText.text }
        let text = PaneText(surface)
        searchedText = (text, surface.contentVersion)
        return text
    }
}
