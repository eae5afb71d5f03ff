/// Breaks text into lines of at most `width` columns at spaces (a word is broken only when it is
/// longer than a line), keeping the text's own line breaks: the one word wrap of the TUI, for
/// messages, dialogs and failure screens. Widths are display columns (`CharacterWidth`). Pure.
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var pieces = cut(String(word), width: width)
                let first = pieces.removeFirst()
                let firstWidth = CharacterWidth.columns(of: first)
                if lineWidth > 0, lineWidth + 1 + firstWidth <= width {
                    line += " " + first
                    lineWidth += 1 + firstWidth
                } else {
                    if lineWidth > 0 { result.append(line) }
                    line = first
                    lineWidth = firstWidth
                }
                for piece in pieces {
                    result.append(line)
                    line = piece
                    lineWidth = CharacterWidth.columns(of: piece)
                }
            }
            result.append(line)
        }
        return result
    }

    /// Key hints (`↑↓ choose`, `Enter opens`, `Esc closes`) joined with " · " into lines of at
    /// most `width` columns, broken between hints (a hint longer than a line is wrapped as text):
    /// a dialog's keys stay whole at any width.
    static func hints(_ hints: [String], width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        var line = ""
        for hint in hints where !hint.isEmpty {
            let joined = line.isEmpty ? hint : line + " · " + hint
            if CharacterWidth.columns(of: joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { result.append(line) }
            var pieces = lines(hint, width: width)
            line = pieces.removeLast()
            result += pieces
        }
        if !line.isEmpty || result.isEmpty { result.append(line) }
        return result
    }

    /// `word` in pieces of at most `width` columns (one piece when it fits).
    private static func cut(_ word: String, width: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var pieceWidth = 0
        for character in word {
            let columns = CharacterWidth.columns(of: character)
            if pieceWidth + columns > width, !piece.isEmpty {
                pieces.append(piece)
                piece = ""
                pieceWidth = 0
            }
            piece.append(character)
            pieceWidth += columns
        }
        pieces.append(piece)
        return pieces
    }

    /// `text` cut to `width` columns, ending in "…" when it was cut.
    static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard CharacterWidth.columns(of: text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = CharacterWidth.columns(of: character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }
}
