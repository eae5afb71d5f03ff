/// What a Batch copies, as its walk finds it (the plan grows while files copy): a directory
/// before what it holds, so a directory exists at the destination before its files are
/// written.
public struct TransferPlan: Sendable, Equatable {
    /// One thing to copy.
    public struct Entry: Sendable, Equatable {
        public var kind: FileKind
        public var sourcePath: String
        /// The directory entry this one sits in; nil for a source the person named.
        public var parent: Int?
        /// The name under the parent's destination; for a named source, the whole destination path.
        public var destinationName: String
        /// The source's attributes when walked (size, mode, times).
        public var attributes: FileAttributes

        public init(kind: FileKind, sourcePath: String, parent: Int?, destinationName: String, attributes: FileAttributes) {
            self.kind = kind
            self.sourcePath = sourcePath
            self.parent = parent
            self.destinationName = destinationName
            self.attributes = attributes
        }
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    /// Adds an entry and returns its index (a child names it as `parent`).
    @discardableResult
    public mutating func append(_ entry: Entry) -> Int {
        entries.append(entry)
        return entries.count - 1
    }

    /// Regular files to copy.
    public var fileCount: Int { entries.reduce(0) { $0 + ($1.kind == .file ? 1 : 0) } }
    /// Bytes of the regular files to copy, for progress: sizes come from a server, so an
    /// impossible one counts nothing and the sum stops at `UInt64.max` instead of overflowing.
    public var byteCount: UInt64 {
        entries.reduce(0) { total, entry in
            guard entry.kind == .file, !entry.attributes.hasImpossibleSize else { return total }
            let (sum, overflow) = total.addingReportingOverflow(entry.attributes.size ?? 0)
            return overflow ? .max : sum
        }
    }
}
