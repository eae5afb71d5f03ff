/// What a file system says about a file: the SFTP v3 attribute set (every field optional, as
/// the server may leave any out). Times are whole seconds since the epoch, as SFTP v3 carries
/// them.
public struct FileAttributes: Sendable, Equatable, Codable {
    public var size: UInt64?
    public var userID: UInt32?
    public var groupID: UInt32?
    /// The full mode: type bits (`S_IFMT`) and permission bits.
    public var mode: UInt32?
    public var accessed: Int64?
    public var modified: Int64?

    public init(
        size: UInt64? = nil, userID: UInt32? = nil, groupID: UInt32? = nil, mode: UInt32? = nil,
        accessed: Int64? = nil, modified: Int64? = nil
    ) {
        self.size = size
        self.userID = userID
        self.groupID = groupID
        self.mode = mode
        self.accessed = accessed
        self.modified = modified
    }

    /// The kind the mode's type bits name; `.other` when the mode is unknown.
    public var kind: FileKind { mode.map(FileKind.init(mode:)) ?? .other }

    /// The largest size a file can have (`off_t`'s maximum); a server saying more is wrong.
    public static let largestPossibleSize = UInt64(Int64.max)

    /// True when the size is known and larger than any file can be.
    public var hasImpossibleSize: Bool { (size ?? 0) > Self.largestPossibleSize }

    /// The permission bits alone (`0o7777`), when the mode is known.
    public var permissions: UInt32? { mode.map { $0 & 0o7777 } }
}
