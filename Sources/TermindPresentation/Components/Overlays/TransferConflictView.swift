import Foundation
import TermindApplication
import TermindDomain

/// Draws the conflict question on top of everything, like an interaction dialog: which
/// destination exists, what is there and what would replace it, and the answers (lower case
/// for this file, upper case for the rest of its Batch). A namespace of drawing.
enum TransferConflictView {
    static let answers = ["o Overwrite", "s Skip", "k Keep both", "O S K: the same for the rest of the Batch", "Esc skips"]

    static func draw(_ question: TransferQueueQuestion, waiting: Int, in area: CellRect, into buffer: inout CellBuffer) {
        let conflict = question.conflict
        let name = RemotePath.name(of: conflict.destination.path)
        var lines = [
            "\(conflict.destination) exists.",
            "There now: \(describe(conflict.existing))",
            "Copying: \(conflict.source) \(describe(conflict.sourceAttributes))",
            "Keep both names the copy \(KeepBothName.candidate(name, number: 1)) (or the next free number).",
        ]
        if waiting > 1 { lines.append("\(waiting - 1) more question\(waiting == 2 ? "" : "s") after this one.") }
        let width = min(area.columns - 4, 110)
        let wrapped = lines.flatMap { TextWrap.lines($0, width: width - 4) }
        let answerLines = TextWrap.hints(answers, width: width - 4)
        let box = CellBuffer.centered(columns: width, rows: wrapped.count + 3 + answerLines.count, in: area, margin: 1)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: "The destination exists")
        for (offset, line) in wrapped.enumerated() where offset < inside.rows - 1 - answerLines.count {
            buffer.put(" " + line, column: inside.column, row: inside.row + offset, style: WorkbenchTheme.dialog, clip: inside)
        }
        for (offset, line) in answerLines.enumerated() {
            buffer.put(" " + line, column: inside.column, row: inside.endRow - answerLines.count + offset,
                       style: WorkbenchTheme.heading.with(background: WorkbenchTheme.dialog.background), clip: inside)
        }
    }

    private static func describe(_ attributes: FileAttributes) -> String {
        var parts: [String] = [attributes.kind == .directory ? "a directory" : "\(attributes.size.map(TransferQueueView.byteText) ?? "? bytes")"]
        if let modified = attributes.modified {
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
            parts.append("modified " + formatter.string(from: Date(timeIntervalSince1970: TimeInterval(modified))))
        }
        return parts.joined(separator: ", ")
    }
}
