import TermindDomain

/// The commands a pane's shell reported, oldest first, for prompt jumps, copying a command's
/// output and the failed-command mark. Built from the OSC 133 marks as they arrive, each at
/// the cursor's line at that moment. A server can send any number of fake marks: the list is
/// bounded and only ever moves a mark, never text. A plain value owned by its `VTermSurface`.
package struct CommandBlocks: Equatable, Sendable {
    package private(set) var blocks: [CommandBlock] = []

    /// The most blocks kept; a flood keeps the newest half.
    static let limit = 2_000

    package init() {}

    /// Takes one mark, written with the cursor at `position`; lines below `firstLine` are gone
    /// from the pane, and the blocks that start there with them.
    mutating func note(_ mark: ShellMark, at position: TextPosition, firstLine: Int) {
        switch mark {
        case .promptStarted:
            if let index = blocks.lastIndex(where: { $0.promptLine < firstLine }) { blocks.removeFirst(index + 1) }
            // A redrawn prompt (a shell redraws on resize or C-l) starts no new command.
            if let last = blocks.last, last.promptLine == position.line, last.outputStart == nil { return }
            blocks.append(CommandBlock(promptLine: position.line))
            if blocks.count > Self.limit { blocks.removeFirst(blocks.count / 2) }
        case .commandStarted:
            guard let last = blocks.indices.last, blocks[last].outputStart == nil else { return }
            blocks[last].outputStart = position
        case .commandEnded(let status, _):
            guard let last = blocks.indices.last, let start = blocks[last].outputStart, blocks[last].outputEnd == nil,
                position >= start
            else { return }
            blocks[last].outputEnd = position
            blocks[last].exitStatus = status
        case .inputStarted, .integrationOff, .workingDirectory:
            break
        }
    }

    /// Moves every block to where a reflow put its text (`move` gives a position's new place).
    mutating func move(_ move: (TextPosition) -> TextPosition) {
        for index in blocks.indices {
            blocks[index].promptLine = move(TextPosition(line: blocks[index].promptLine, column: 0)).line
            blocks[index].outputStart = blocks[index].outputStart.map(move)
            blocks[index].outputEnd = blocks[index].outputEnd.map(move)
        }
    }

    /// The line of the last prompt above `line`.
    package func prompt(before line: Int) -> Int? {
        blocks.last { $0.promptLine < line }?.promptLine
    }

    /// The line of the first prompt below `line`.
    package func prompt(after line: Int) -> Int? {
        blocks.first { $0.promptLine > line }?.promptLine
    }

    /// The command whose prompt or output holds `line`: the last one that starts at or above it.
    package func block(at line: Int) -> CommandBlock? {
        blocks.last { $0.promptLine <= line }
    }

    /// The newest command that finished with some output.
    package var lastOutput: CommandBlock? {
        blocks.last { $0.outputLines != nil }
    }

    /// The prompt lines of failed commands within `lines`.
    package func failedPrompts(in lines: Range<Int>) -> [Int] {
        blocks.lazy.filter { $0.hasFailed && lines.contains($0.promptLine) }.map(\.promptLine)
    }
}
