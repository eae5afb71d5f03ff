import TermindDomain

/// The SFTP v3 `ATTRS` structure (draft-02 §5): a `uint32` of flags, then the fields the flags
/// name. A pair SFTP carries together (uid and gid, atime and mtime) is written only when both
/// halves are known; the client fills a missing half before it sets attributes.
extension FileAttributes {
    enum SFTPFlag {
        static let size: UInt32 = 0x0000_0001
        static let userAndGroup: UInt32 = 0x0000_0002
        static let permissions: UInt32 = 0x0000_0004
        static let accessAndModificationTimes: UInt32 = 0x0000_0008
        static let extended: UInt32 = 0x8000_0000
    }

    /// Reads an `ATTRS` structure. Unknown flag bits are ignored (as OpenSSH does); extended
    /// pairs are read and dropped.
    static func read(from reader: inout SFTPWireReader) throws -> FileAttributes {
        let flags = try reader.uint32("attribute flags")
        var attributes = FileAttributes()
        if flags & SFTPFlag.size != 0 { attributes.size = try reader.uint64("size attribute") }
        if flags & SFTPFlag.userAndGroup != 0 {
            attributes.userID = try reader.uint32("uid attribute")
            attributes.groupID = try reader.uint32("gid attribute")
        }
        if flags & SFTPFlag.permissions != 0 { attributes.mode = try reader.uint32("permissions attribute") }
        if flags & SFTPFlag.accessAndModificationTimes != 0 {
            attributes.accessed = Int64(try reader.uint32("atime attribute"))
            attributes.modified = Int64(try reader.uint32("mtime attribute"))
        }
        if flags & SFTPFlag.extended != 0 {
            // No allocation from the count: each pair needs at least 8 bytes, so a hostile
            // count ends in a truncation error.
            let count = try reader.uint32("extended attribute count")
            for _ in 0..<count {
                try reader.skipString("extended attribute name")
                try reader.skipString("extended attribute data")
            }
        }
        return attributes
    }

    /// Writes the attributes as an `ATTRS` structure. Times outside `uint32` are clamped.
    func write(to writer: inout SFTPWireWriter) {
        var flags: UInt32 = 0
        if size != nil { flags |= SFTPFlag.size }
        if userID != nil && groupID != nil { flags |= SFTPFlag.userAndGroup }
        if mode != nil { flags |= SFTPFlag.permissions }
        if accessed != nil && modified != nil { flags |= SFTPFlag.accessAndModificationTimes }
        writer.uint32(flags)
        if let size { writer.uint64(size) }
        if let userID, let groupID {
            writer.uint32(userID)
            writer.uint32(groupID)
        }
        if let mode { writer.uint32(mode) }
        if let accessed, let modified {
            writer.uint32(UInt32(clamping: accessed))
            writer.uint32(UInt32(clamping: modified))
        }
    }

    /// How many bytes `write(to:)` produces, at most.
    static let maximumWireSize = 4 + 8 + 8 + 4 + 8
}
