import Foundation

/// How `ls` writes a directory's entries as the server sends them. Entries are held and sorted
/// by name (byte order, as OpenSSH's sftp sorts) while the listing fits in `sortLimit`; past
/// it a notice goes to stderr, the held entries are written sorted and every later reply is
/// written as it arrives, unsorted, so a huge or endless listing keeps memory flat (it runs
/// until it ends or Ctrl-C). `--json` is written element by element, never built whole.
///
/// Writes go out once per reply (or once at the end), never per entry: a write call per row
/// costs more than formatting it.
struct ListingOutput {
    let context: CommandContext
    /// Where the listing's text goes: standard output (`context.out`), or a buffer.
    let write: (String) -> Void
    let long: Bool
    let json: Bool
    /// How many entries are held for sorting before the rest go out as they arrive.
    let sortLimit: Int
    /// The directory, for the notice.
    let directory: String
    /// False writes the entries in the order given (already sorted by the caller).
    var sorts = true

    static let defaultSortLimit = 100_000

    private let encoder = JSONOutput.elementEncoder()
    private var held: [ListedFile] = []
    private var streaming = false
    private var wroteAny = false
    /// The long table's SIZE and MODIFIED widths, fixed once rows are written.
    private var widths = (size: 4, modified: 8, mode: 4)

    init(
        context: CommandContext, long: Bool, json: Bool, directory: String, sortLimit: Int = defaultSortLimit,
        write: ((String) -> Void)? = nil
    ) {
        self.context = context
        self.write = write ?? { context.out($0) }
        self.long = long
        self.json = json
        self.directory = directory
        self.sortLimit = sortLimit
    }

    /// One reply's entries.
    mutating func add(_ entries: [ListedFile]) throws {
        if streaming { return try emit(entries) }
        held += entries
        guard held.count > sortLimit else { return }
        context.err("termind: \(directory) lists more than \(sortLimit) entries: those received "
            + "so far are shown sorted by name, the rest unsorted as they arrive\n")
        streaming = true
        let ordered = sorted(held)
        held = []
        try emit(ordered)
    }

    /// The listing ended: writes what is held, sorted, and closes a JSON array.
    mutating func finish() throws {
        if !streaming {
            try emit(sorted(held))
            held = []
        }
        if json {
            write(wroteAny ? "\n]\n" : "[\n\n]\n")
        } else if long && !wroteAny {
            write(header + "\n")
        }
    }

    func sorted(_ entries: [ListedFile]) -> [ListedFile] {
        guard sorts else { return entries }
        return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    private mutating func emit(_ entries: [ListedFile]) throws {
        guard !entries.isEmpty else { return }
        var text = ""
        if json {
            text.reserveCapacity(entries.count * 300)
            for entry in entries {
                text += wroteAny ? ",\n  " : "[\n  "
                text += try JSONOutput.element(entry, encoder: encoder)
                wroteAny = true
            }
        } else if long {
            text.reserveCapacity(entries.count * 60)
            if !wroteAny {
                for entry in entries {
                    widths.mode = max(widths.mode, entry.modeText.utf8.count)
                    widths.size = max(widths.size, entry.sizeText.utf8.count)
                    widths.modified = max(widths.modified, entry.modifiedText.utf8.count)
                }
                text += header + "\n"
            }
            for entry in entries {
                Self.pad(&text, entry.modeText, to: widths.mode)
                Self.pad(&text, entry.sizeText, to: widths.size)
                Self.pad(&text, entry.modifiedText, to: widths.modified)
                let name = context.shown(entry.name)
                if let target = entry.target {
                    text += name + " -> " + context.shown(target) + "\n"
                } else {
                    text += name + "\n"
                }
            }
            wroteAny = true
        } else {
            text.reserveCapacity(entries.count * 16)
            for entry in entries { text += context.shown(entry.name) + "\n" }
            wroteAny = true
        }
        write(text)
    }

    private var header: String {
        var text = ""
        Self.pad(&text, "MODE", to: widths.mode)
        Self.pad(&text, "SIZE", to: widths.size)
        Self.pad(&text, "MODIFIED", to: widths.modified)
        return text + "NAME"
    }

    /// `cell` padded to `width` (the cells are ASCII) and the two spaces between columns.
    private static func pad(_ text: inout String, _ cell: String, to width: Int) {
        text += cell
        let missing = width - cell.utf8.count
        if missing > 0 { text += String(repeating: " ", count: missing) }
        text += "  "
    }
}
