import TermindApplication
import TermindDomain

/// Draws the interaction on screen as a dialog over the panes: who asks (host and pane), what
/// the server said, the fields (answers hidden where the server turned echo off) or, for a host
/// key, its host, port, type and fingerprint and the three choices. A namespace of drawing.
enum InteractionDialogView {
    /// Draws and returns where the cursor goes (the end of the focused field).
    static func draw(_ dialog: InteractionDialog, in area: CellRect, into buffer: inout CellBuffer) -> ScreenCursor {
        let width = min(84, area.columns - 4)
        let textWidth = width - 4
        var lines: [(String, CellStyle)] = TextWrap.lines("Asked by \(TerminalSafeText(dialog.origin).text)", width: textWidth).map { ($0, dim) }
        lines.append(("", text))
        var fieldRows: [Int: Int] = [:]  // line index → field index
        var buttonLine: Int?
        // The server's own text, which gives way (its end cut, marked "…") when the screen is too
        // short for the whole dialog: the fields and the keys always show.
        var serverText: Range<Int>?
        switch dialog.interaction.request {
        case .hostKey(let question):
            let hostname = TerminalSafeText(question.hostname).text
            let address = TerminalSafeText(KnownHostsMatcher.lookupName(hostname: question.hostname, port: question.port)).text
            let type = KeyAlgorithm(rawValue: question.keyType)?.displayName ?? question.keyType
            lines += TextWrap.lines("The authenticity of host '\(address)' can't be established.", width: textWidth).map { ($0, text) }
            lines += [
                ("", text),
                ("Host:        \(hostname)", strong),
                ("Port:        \(question.port)", strong),
                ("Key type:    \(type) (\(question.keyType))", strong),
                ("Fingerprint: \(question.fingerprint)", strong),
            ]
            if !question.recordedKeyTypes.isEmpty {
                lines.append(("", text))
                let note = "Keys of other types are already trusted for this host (\(question.recordedKeyTypes.joined(separator: ", "))); this one is new, not a replacement."
                lines += TextWrap.lines(note, width: textWidth).map { ($0, text) }
            }
            lines.append(("", text))
            buttonLine = lines.count
            lines.append(("", text))
            lines.append(("", text))
            lines += hints(["←→ choose", "Enter confirms", "o s r", "Esc cancels this connection"], width: textWidth)
        case .keyboardInteractive(let round):
            if !round.instruction.isEmpty {
                let instruction = TerminalSafeText(round.instruction, lineBreaks: .kept).text
                let start = lines.count
                lines += TextWrap.lines(instruction, width: textWidth).map { ($0, text) }
                serverText = start..<lines.count
                lines.append(("", text))
            }
            appendFields(dialog, to: &lines, fieldRows: &fieldRows, width: textWidth)
            lines.append(("", text))
            lines += hints((dialog.fields.count > 1 ? ["Tab next field"] : []) + ["Enter submits", "Esc cancels this connection"], width: textWidth)
        case .passphrase, .password:
            appendFields(dialog, to: &lines, fieldRows: &fieldRows, width: textWidth)
            lines.append(("", text))
            lines += hints(["Enter submits", "Esc cancels this connection"], width: textWidth)
        }

        let overflow = lines.count + 2 - (area.rows - 2)
        if overflow > 0, let cut = serverText, cut.count > overflow {
            let kept = cut.lowerBound..<(cut.upperBound - overflow - 1)
            lines.replaceSubrange(kept.upperBound..<cut.upperBound, with: [("…", text)])
            let removed = overflow
            fieldRows = Dictionary(uniqueKeysWithValues: fieldRows.map { ($0.key >= cut.upperBound ? $0.key - removed : $0.key, $0.value) })
            buttonLine = buttonLine.map { $0 >= cut.upperBound ? $0 - removed : $0 }
        }
        let box = CellBuffer.centered(columns: width, rows: lines.count + 2, in: area, margin: 1)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: dialog.title)
        var cursor = ScreenCursor.hidden
        for (index, line) in lines.enumerated() where index < inside.rows {
            let row = inside.row + index
            if let field = fieldRows[index] {
                let fieldRect = CellRect(column: inside.column + 1, row: row, columns: max(0, inside.columns - 2), rows: 1)
                buffer.fill(fieldRect, style: WorkbenchTheme.field)
                let value = dialog.fields[field]
                let shown = value.echo ? value.answer.text : String(repeating: "•", count: value.answer.count)
                let visible = Self.tail(shown, width: max(0, fieldRect.columns - 1))
                let end = buffer.put(visible, column: fieldRect.column, row: row, style: WorkbenchTheme.field, clip: fieldRect)
                if field == dialog.focusedField {
                    cursor = ScreenCursor(row: row, column: min(end, fieldRect.endColumn - 1))
                }
            } else if index == buttonLine {
                var column = inside.column + 1
                for (number, title) in InteractionDialog.hostKeyButtons.enumerated() {
                    let style = number == dialog.selectedButton ? WorkbenchTheme.selection : WorkbenchTheme.button
                    column = buffer.put(" \(title) ", column: column, row: row, style: style, clip: inside) + 2
                }
            } else {
                buffer.put(" " + line.0, column: inside.column, row: row, style: line.1, clip: inside)
            }
        }
        return cursor
    }

    private static func appendFields(
        _ dialog: InteractionDialog, to lines: inout [(String, CellStyle)], fieldRows: inout [Int: Int], width: Int
    ) {
        for (index, field) in dialog.fields.enumerated() {
            lines += TextWrap.lines(field.prompt, width: width).map { ($0, strong) }
            fieldRows[lines.count] = index
            lines.append(("", text))
        }
    }

    /// The end of `text` that fits in `width` columns (a long answer scrolls left).
    private static func tail(_ text: String, width: Int) -> String {
        var result = ""
        var used = 0
        for character in text.reversed() {
            let columns = CharacterWidth.columns(of: character)
            if used + columns > width { break }
            result.insert(character, at: result.startIndex)
            used += columns
        }
        return result
    }

    private static func hints(_ hints: [String], width: Int) -> [(String, CellStyle)] {
        TextWrap.hints(hints, width: width).map { ($0, dim) }
    }

    private static var text: CellStyle { WorkbenchTheme.dialog }
    private static var strong: CellStyle { WorkbenchTheme.barEmphasis.with(background: WorkbenchTheme.dialog.background) }
    private static var dim: CellStyle { CellStyle(foreground: .indexed(246), background: WorkbenchTheme.dialog.background) }
}
