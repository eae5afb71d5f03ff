/// The space of a file system, from `statvfs`.
public struct FileSystemUsage: Sendable, Equatable {
    public var blockSize: UInt64
    public var totalBlocks: UInt64
    public var freeBlocks: UInt64
    /// Blocks free to an unprivileged user.
    public var availableBlocks: UInt64

    public init(blockSize: UInt64, totalBlocks: UInt64, freeBlocks: UInt64, availableBlocks: UInt64) {
        self.blockSize = blockSize
        self.totalBlocks = totalBlocks
        self.freeBlocks = freeBlocks
        self.availableBlocks = availableBlocks
    }

    public var availableBytes: UInt64 { availableBlocks * blockSize }
}
