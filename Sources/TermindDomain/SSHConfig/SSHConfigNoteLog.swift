/// Collects notes once each (by location, keyword and message) and hands them back in reading
/// order: files in the order they were first reached, then by line, then as they came.
struct SSHConfigNoteLog: Sendable {
    private var seen: Set<SSHConfigNote> = []
    private var entries: [(fileOrder: Int, sequence: Int, note: SSHConfigNote)] = []
    private var fileOrder: [String: Int] = [:]

    /// Records that a file was reached, so its notes sort after those of earlier files.
    mutating func reached(_ file: String) {
        if fileOrder[file] == nil { fileOrder[file] = fileOrder.count }
    }

    mutating func add(_ note: SSHConfigNote) {
        guard seen.insert(note).inserted else { return }
        reached(note.location.file)
        entries.append((fileOrder[note.location.file]!, entries.count, note))
    }

    mutating func add(contentsOf notes: [SSHConfigNote]) {
        for note in notes { add(note) }
    }

    var notes: [SSHConfigNote] {
        entries.sorted {
            ($0.fileOrder, $0.note.location.line, $0.sequence) < ($1.fileOrder, $1.note.location.line, $1.sequence)
        }.map(\.note)
    }
}
