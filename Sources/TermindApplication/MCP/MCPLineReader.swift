/// The stdio transport's framing: one JSON-RPC message a line. Bytes go in as they are read;
/// complete lines come out. A line longer than `limit` is never held whole: its bytes are
/// dropped up to its newline and it comes out as `.oversized`, so an agent cannot grow the
/// server's memory by never sending a newline. A value; the server's reading task owns it.
public struct MCPLineReader: Sendable {
    public enum Line: Sendable, Equatable {
        case message([UInt8])
        /// A line of at least this many bytes, dropped.
        case oversized(Int)
    }

    /// 4 MiB: far above any tool call's arguments (`ssh_exec`'s stdin is bounded below it).
    public static let defaultLimit = 4 * 1024 * 1024

    public let limit: Int
    private var pending: [UInt8] = []
    /// Bytes dropped of the line being skipped; nil when not skipping.
    private var skipped: Int?

    public init(limit: Int = MCPLineReader.defaultLimit) { self.limit = limit }

    /// The lines `bytes` completes, in order. Empty lines (and a CR before the newline) are
    /// left out: the transport forbids embedded newlines, so they carry nothing.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Line] {
        var lines: [Line] = []
        var start = bytes.startIndex
        while start != bytes.endIndex {
            let newline = bytes[start...].firstIndex(of: 0x0A)
            let end = newline ?? bytes.endIndex
            let piece = bytes[start..<end]
            if let dropped = skipped {
                skipped = dropped + piece.count
            } else if pending.count + piece.count > limit {
                skipped = pending.count + piece.count
                pending = []
            } else {
                pending.append(contentsOf: piece)
            }
            guard let newline else { break }
            if let dropped = skipped {
                lines.append(.oversized(dropped))
                skipped = nil
            } else {
                if pending.last == 0x0D { pending.removeLast() }
                if !pending.isEmpty { lines.append(.message(pending)) }
                pending = []
            }
            start = bytes.index(after: newline)
        }
        return lines
    }

    /// At end of input: a last line without its newline, if any (an oversized one as such).
    public mutating func finish() -> Line? {
        defer { (pending, skipped) = ([], nil) }
        if let dropped = skipped { return .oversized(dropped) }
        return pending.isEmpty ? nil : .message(pending)
    }
}
