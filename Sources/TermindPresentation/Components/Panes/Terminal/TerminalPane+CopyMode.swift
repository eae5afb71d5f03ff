import TermindDomain

// Copy mode in a terminal pane: the keys of scroll mode (less's and vi's paging) and of tmux's
// vi copy mode (a cursor moved with h j k l w b 0 $ g G, C-u C-d; v, V and C-v select; y or
// Enter copies and leaves), prompt jumps (`{`, `}`, `o`: TerminalPane+Prompts), find (`/`, then n and N), and the mouse's drag to select. The view
// follows the cursor; positions are line numbers (`VTermSurface.lineNumbers`), so what is selected
// or found stays on its text while output arrives.

extension TerminalPane {
    /// Where the terminal's cursor is, as a position in the view shown now.
    var terminalCursorPosition: TextPosition {
        TextPosition(line: viewTop + min(surface.cursor.row, surface.rows - 1), column: min(surface.cursor.column, surface.columns - 1))
    }

    // MARK: - Keys

    func copyModeKey(_ press: KeyPress) -> [PaneEffect] {
        guard let mode = copyMode else { return [] }
        if mode.find?.isEditing == true { return findKey(press) }
        let page = max(1, surface.rows - 1), half = max(1, surface.rows / 2)
        if press.modifiers == .control, case .character(let character) = press.key {
            switch character {
            case "b": scrollView(by: page)
            case "f": scrollView(by: -page)
            case "u": moveCursor(lines: -half, scrolling: true)
            case "d": moveCursor(lines: half, scrolling: true)
            case "y": scrollView(by: 1)
            case "e": scrollView(by: -1)
            case "v": copyMode?.toggleSelection(.block)
            default: break
            }
            return []
        }
        if press.modifiers == .alt, case .character(let character) = press.key {
            toggleFindOption(character)
            return []
        }
        switch (press.key, press.typedCharacter) {
        case (.left, _), (_, "h"): moveCursor(columns: -1)
        case (.right, _), (_, "l"): moveCursor(columns: 1)
        case (.up, _), (_, "k"): moveCursor(lines: -1)
        case (.down, _), (_, "j"): moveCursor(lines: 1)
        case (_, "w"): moveCursor(to: CopyModeMotion.wordForward(from: mode.cursor, in: surface))
        case (_, "b"): moveCursor(to: CopyModeMotion.wordBackward(from: mode.cursor, in: surface))
        case (_, "0"): moveCursor(to: TextPosition(line: mode.cursor.line, column: 0))
        case (_, "$"): moveCursor(to: TextPosition(line: mode.cursor.line, column: CopyModeMotion.lineEnd(mode.cursor.line, in: surface)))
        case (.home, _), (_, "g"): moveCursor(to: TextPosition(line: surface.lineNumbers.lowerBound, column: 0))
        case (.end, _), (_, "G"):
            moveCursor(to: TextPosition(line: surface.lineNumbers.upperBound - 1, column: 0))
            scrollOffset = 0
        case (.pageUp, _): scrollView(by: page)
        case (.pageDown, _), (_, "f"), (_, " "): scrollView(by: -page)
        case (_, "u"): scrollView(by: half)
        case (_, "d"): scrollView(by: -half)
        case (_, "e"): scrollView(by: -1)
        case (_, "{"): return jumpToPrompt(older: true)
        case (_, "}"): return jumpToPrompt(older: false)
        case (_, "o"): return selectCommandOutput()
        case (_, "v"): copyMode?.toggleSelection(.character)
        case (_, "V"): copyMode?.toggleSelection(.line)
        case (_, "y"): return copySelection()
        case (.enter, _) where press.modifiers.contains(.shift): stepFind(older: false)
        case (.enter, _):
            if mode.anchor != nil { return copySelection() }
            if mode.find?.query.pattern.isEmpty == false { stepFind(older: true) } else { isScrolling = false }
        case (_, "n"): stepFind(older: true)
        case (_, "N"): stepFind(older: false)
        case (_, "/"): return openFind()
        case (_, "q"): isScrolling = false
        case (.escape, _):
            if mode.anchor != nil {
                copyMode?.anchor = nil
            } else if mode.find != nil {
                closeFind()
            } else {
                isScrolling = false
            }
        default:
            break
        }
        return []
    }

    /// The selection's text as a `.copy` effect, leaving copy mode; a word on how to select
    /// when nothing is.
    func copySelection() -> [PaneEffect] {
        guard let selection = copyMode?.selection else { return [.message("nothing selected: v, V or C-v starts a selection")] }
        let text = selection.text(cells: surface.cells(line:), isWrapped: surface.isWrapped(line:))
        isScrolling = false
        return [.copy(Array(text.utf8))]
    }

    /// Enters copy mode with lines `lines` selected whole, the cursor on the last and the first
    /// in view: what a caller that knows rows by number (a command's output between two
    /// prompts) selects for `y` to copy.
    func selectLines(_ lines: ClosedRange<Int>) {
        guard status != .empty else { return }
        isScrolling = true
        copyMode?.anchor = TextPosition(line: lines.lowerBound, column: 0)
        copyMode?.kind = .line
        moveCursor(to: TextPosition(line: lines.upperBound, column: 0))
        reveal(lines.lowerBound)
    }

    // MARK: - Moving

    /// Moves the cursor (the selection's end follows), keeping it on the text and in view.
    func moveCursor(to position: TextPosition) {
        guard copyMode != nil else { return }
        let lines = surface.lineNumbers
        let line = min(max(position.line, lines.lowerBound), lines.upperBound - 1)
        copyMode?.cursor = TextPosition(line: line, column: min(max(0, position.column), surface.columns - 1))
        reveal(line)
    }

    private func moveCursor(columns: Int) {
        guard let cursor = copyMode?.cursor else { return }
        moveCursor(to: TextPosition(line: cursor.line, column: cursor.column + columns))
    }

    /// Moves the cursor `lines` down (up when negative); `scrolling` moves the view as far too,
    /// as vi's C-u and C-d do.
    private func moveCursor(lines: Int, scrolling: Bool = false) {
        guard let cursor = copyMode?.cursor else { return }
        if scrolling { scroll(by: -lines) }
        moveCursor(to: TextPosition(line: cursor.line + lines, column: cursor.column))
    }

    /// Scrolls the view `lines` back (forward when negative); the cursor stays on its row of
    /// the view.
    func scrollView(by lines: Int) {
        let before = scrollOffset
        scroll(by: lines)
        guard let cursor = copyMode?.cursor else { return }
        moveCursor(to: TextPosition(line: cursor.line - (scrollOffset - before), column: cursor.column))
    }

    /// Scrolls the view so line `line` shows: just enough, or with it in the middle.
    func reveal(_ line: Int, centred: Bool = false) {
        let top = viewTop, rows = surface.rows
        guard centred || line < top || line >= top + rows else { return }
        let wantedTop = centred ? line - rows / 2 : (line < top ? line : line - rows + 1)
        scrollOffset = min(surface.scrollbackCount, max(0, surface.firstScreenLine - wantedTop))
    }

    /// The wheel outside a program that takes it: scrolls the view in copy mode, entering it;
    /// back at the live screen, copy mode ends unless a selection or a find holds it.
    func wheelScroll(up: Bool) {
        isScrolling = true
        scrollView(by: up ? Self.wheelLines : -Self.wheelLines)
        if scrollOffset == 0, copyMode?.anchor == nil, copyMode?.find == nil, copyMode?.isMouseDrag == false {
            isScrolling = false
        }
    }

    // MARK: - The mouse

    /// A drag with the left button selects from where it was pressed (entering copy mode);
    /// letting go copies the selection and leaves. A press alone only moves copy mode's cursor.
    func mouseSelection(_ kind: MouseEvent.Kind, row: Int, column: Int) -> [PaneEffect] {
        let position = TextPosition(line: viewTop + min(max(0, row), surface.rows - 1), column: min(max(0, column), surface.columns - 1))
        switch kind {
        case .press(.left):
            guard row >= 0 else { return [] }
            mousePress = position
            if copyMode != nil {
                copyMode?.anchor = nil
                moveCursor(to: position)
            }
        case .drag(.left):
            guard let pressed = mousePress else { return [] }
            if copyMode == nil {
                isScrolling = true
                copyMode?.isMouseDrag = true
            }
            if copyMode?.anchor == nil {
                copyMode?.anchor = pressed
                copyMode?.kind = .character
            }
            // Past the top or bottom edge the view scrolls a line at a time.
            if row < 0 { scroll(by: 1) } else if row >= surface.rows { scroll(by: -1) }
            moveCursor(to: TextPosition(line: viewTop + min(max(0, row), surface.rows - 1), column: position.column))
        case .release(.left):
            defer { mousePress = nil }
            guard mousePress != nil, copyMode?.anchor != nil, copyMode?.selection.map({ $0.anchor != $0.head }) == true else { return [] }
            return copySelection()
        default:
            break
        }
        return []
    }
}
