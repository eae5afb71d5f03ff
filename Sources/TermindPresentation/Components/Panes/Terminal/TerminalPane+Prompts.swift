import TermindDomain

// Prompt jumps and command output, from where the shell integration's marks fell in the pane's
// text (`CommandBlocks`): copy mode's `{` and `}` move to the previous and next prompt (the
// prompt shown at the view's top, as tmux's previous-prompt does), `o` selects the output of
// the command under the cursor; from the live screen, the previous-prompt action enters copy
// mode on the last prompt and copy-output copies the last command's output at once.

extension TerminalPane {
    /// Enters copy mode (if not in it) on the prompt above the cursor.
    func jumpToPrompt(older: Bool) -> [PaneEffect] {
        guard status != .empty else { return [] }
        let blocks = surface.commandBlocks
        guard !blocks.blocks.isEmpty else { return [.message(Self.noMarks)] }
        let wasScrolling = isScrolling
        isScrolling = true
        guard let line = copyMode?.cursor.line else { return [] }
        guard let prompt = older ? blocks.prompt(before: line) : blocks.prompt(after: line) else {
            if !wasScrolling { isScrolling = false }
            return [.message(older ? "no earlier prompt in the scrollback" : "no later prompt")]
        }
        moveCursor(to: TextPosition(line: prompt, column: 0))
        showAtTop(prompt)
        return []
    }

    /// In copy mode: selects, as whole lines, the output of the command under the cursor.
    func selectCommandOutput() -> [PaneEffect] {
        guard let line = copyMode?.cursor.line else { return [] }
        guard let block = surface.commandBlocks.block(at: line) else { return [.message(Self.noMarks)] }
        guard let lines = block.outputLines else { return [.message("this command wrote nothing to select")] }
        selectLines(lines)
        return []
    }

    /// The last command's output as a `.copy` effect, from the live screen or copy mode.
    func copyLastCommandOutput() -> [PaneEffect] {
        guard status != .empty else { return [] }
        guard let lines = surface.commandBlocks.lastOutput?.outputLines else {
            return [.message(surface.commandBlocks.blocks.isEmpty ? Self.noMarks : "no command output to copy yet")]
        }
        let selection = TextSelection(
            anchor: TextPosition(line: lines.lowerBound, column: 0), head: TextPosition(line: lines.upperBound, column: 0), kind: .line)
        let text = selection.text(cells: surface.cells(line:), isWrapped: surface.isWrapped(line:))
        guard !text.isEmpty else { return [.message("the last command's output has scrolled out of the pane")] }
        return [.copy(Array(text.utf8))]
    }

    /// Scrolls the view so `line` is its top row (as far as the scrollback allows).
    private func showAtTop(_ line: Int) {
        scrollOffset = min(surface.scrollbackCount, max(0, surface.firstScreenLine - line))
    }

    private static let noMarks = "no prompts marked in this pane: it needs the shell integration (bash or zsh)"
}
