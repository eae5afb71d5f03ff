/// Which file a partial is, as far as its file system can tell: device and inode where the
/// file system has them (this machine), else its owner, size and modification time (SFTP v3
/// has no inode). Recorded with the partial so a later run takes over only the file Termind
/// wrote, never one planted at its name.
public struct FileIdentity: Sendable, Equatable, Codable {
    public var device: UInt64?
    public var inode: UInt64?
    public var userID: UInt32?
    public var size: UInt64?
    public var modified: Int64?

    public init(device: UInt64? = nil, inode: UInt64? = nil, userID: UInt32? = nil, size: UInt64? = nil, modified: Int64? = nil) {
        self.device = device
        self.inode = inode
        self.userID = userID
        self.size = size
        self.modified = modified
    }

    /// Whether `observed` is the file this identity recorded: the same device and inode when
    /// recorded, else the same size and mtime when recorded, and always the same owner. An
    /// identity recorded while writes were still landing (no size or mtime) names the owner
    /// alone.
    public func matches(_ observed: FileIdentity) -> Bool {
        if let userID, observed.userID != userID { return false }
        if let inode {
            return observed.inode == inode && observed.device == device
        }
        if let size, let modified {
            return observed.size == size && observed.modified == modified
        }
        return userID != nil
    }

    /// This identity without what every write changes (size and mtime): what a record saved
    /// while writes are in flight can say of a remote partial.
    public var whileWriting: FileIdentity {
        inode != nil ? self : FileIdentity(device: device, inode: inode, userID: userID)
    }
}
