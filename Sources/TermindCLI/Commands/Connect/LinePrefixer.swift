/// Turns a byte stream into whole lines with a prefix, holding back a partial last line until
/// its newline (or `flush`) so lines of parallel Hosts never interleave mid-line.
struct LinePrefixer {
    let prefix: [UInt8]
    private var pending: [UInt8] = []

    init(prefix: String) { self.prefix = Array(prefix.utf8) }

    /// The complete lines in `bytes` (with what was pending), each prefixed.
    mutating func feed(_ bytes: [UInt8]) -> [UInt8] {
        pending += bytes
        guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let complete = pending[...lastNewline]
        pending = Array(pending[(lastNewline + 1)...])
        var out: [UInt8] = []
        for line in complete.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            out += prefix + line + [UInt8(ascii: "\n")]
        }
        return out
    }

    /// A last line without a newline, prefixed and terminated.
    mutating func flush() -> [UInt8] {
        defer { pending = [] }
        return pending.isEmpty ? [] : prefix + pending + [UInt8(ascii: "\n")]
    }
}
