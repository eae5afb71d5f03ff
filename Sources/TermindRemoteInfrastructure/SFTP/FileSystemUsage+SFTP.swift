import TermindApplication

/// The `statvfs@openssh.com` reply: eleven `uint64`s in `struct statvfs` order.
extension FileSystemUsage {
    package static func decodeSFTPStatVFS(_ data: [UInt8]) throws -> FileSystemUsage {
        var reader = SFTPWireReader(data[...], packet: "the statvfs@openssh.com reply")
        let blockSize = try reader.uint64("f_bsize")
        let fragmentSize = try reader.uint64("f_frsize")
        let blocks = try reader.uint64("f_blocks")
        let free = try reader.uint64("f_bfree")
        let available = try reader.uint64("f_bavail")
        for field in ["f_files", "f_ffree", "f_favail", "f_fsid", "f_flag", "f_namemax"] {
            _ = try reader.uint64(field)
        }
        // Block counts are in units of f_frsize (statvfs(3)); f_bsize only when that is 0.
        return FileSystemUsage(
            blockSize: fragmentSize != 0 ? fragmentSize : blockSize, totalBlocks: blocks, freeBlocks: free,
            availableBlocks: available)
    }
}
