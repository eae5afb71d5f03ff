/// The cursor moves of copy mode that read the text: words as vi's `w` and `b` find them (a run
/// of letters, digits and `_`, or a run of other non-blank characters; the end of a line that
/// does not wrap counts as a blank), and the last character of a line (`$`).
@MainActor
enum CopyModeMotion {
    /// The start of the next word after `position`, or the last cell of the text.
    static func wordForward(from position: TextPosition, in surface: VTermSurface) -> TextPosition {
        var walker = Walker(surface: surface, position: position)
        let startClass = walker.currentClass
        // Past the rest of this word, then past blanks.
        while walker.currentClass == startClass, startClass != .blank {
            guard walker.forward() else { return walker.position }
        }
        while walker.currentClass == .blank {
            guard walker.forward() else { return walker.position }
        }
        return walker.position
    }

    /// The start of the word before `position` (or of the one it is inside), or the first cell.
    static func wordBackward(from position: TextPosition, in surface: VTermSurface) -> TextPosition {
        var walker = Walker(surface: surface, position: position)
        guard walker.backward() else { return walker.position }
        while walker.currentClass == .blank {
            guard walker.backward() else { return walker.position }
        }
        let wordClass = walker.currentClass
        while true {
            let here = walker.position
            guard walker.backward() else { return walker.position }
            if walker.currentClass != wordClass { return here }
        }
    }

    /// The column of the last non-blank cell of `line` (0 for an empty line).
    static func lineEnd(_ line: Int, in surface: VTermSurface) -> Int {
        let cells = surface.cells(line: line)
        var column = cells.count - 1
        while column > 0, cells[column].text == " " || cells[column].isWideContinuation { column -= 1 }
        return max(0, column)
    }

    private enum CharacterClass {
        case blank
        case word
        case punctuation
    }

    /// Walks cells one at a time across lines, skipping wide characters' second halves.
    private struct Walker {
        let surface: VTermSurface
        var position: TextPosition
        private var cells: [TerminalCell]

        init(surface: VTermSurface, position: TextPosition) {
            self.surface = surface
            self.position = position
            cells = surface.cells(line: position.line)
        }

        var currentClass: CharacterClass {
            guard position.column < cells.count else { return .blank }
            let text = cells[position.column].text
            guard let scalar = text.unicodeScalars.first, text != " " else { return .blank }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" { return .word }
            return scalar.properties.isWhitespace ? .blank : .punctuation
        }

        /// One cell on (the next line's first at a line's end); false at the end of the text.
        /// The cells past a line's text read as blanks, so a line's end parts words.
        mutating func forward() -> Bool {
            var next = position
            repeat {
                next.column += 1
                if next.column >= surface.columns {
                    guard next.line + 1 < surface.lineNumbers.upperBound else { return false }
                    next = TextPosition(line: next.line + 1, column: 0)
                    cells = surface.cells(line: next.line)
                }
            } while next.column < cells.count && cells[next.column].isWideContinuation
            position = next
            return true
        }

        /// One cell back; false at the start of the text.
        mutating func backward() -> Bool {
            var previous = position
            repeat {
                previous.column -= 1
                if previous.column < 0 {
                    guard previous.line - 1 >= surface.lineNumbers.lowerBound else { return false }
                    previous = TextPosition(line: previous.line - 1, column: max(0, surface.columns - 1))
                    cells = surface.cells(line: previous.line)
                }
            } while previous.column > 0 && previous.column < cells.count && cells[previous.column].isWideContinuation
            position = previous
            return true
        }
    }
}
