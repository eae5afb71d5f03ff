/// A Batch the engine was given.
public struct TransferBatchID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "batch \(rawValue)" }
}

/// One transfer: an entry of its Batch's plan (a file, symlink or directory).
public struct TransferID: Sendable, Hashable, CustomStringConvertible {
    public let batch: TransferBatchID
    /// The entry's index in the Batch's plan (and in its report's `files`).
    public let index: Int

    public init(batch: TransferBatchID, index: Int) {
        self.batch = batch
        self.index = index
    }

    public var description: String { "\(batch.rawValue).\(index)" }
}
