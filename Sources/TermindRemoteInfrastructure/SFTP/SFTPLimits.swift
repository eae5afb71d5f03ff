/// The server's answer to `limits@openssh.com`: the largest packet, READ and WRITE it handles
/// and how many handles may be open (0: no limit). Termind reads and writes in chunks of these
/// sizes, capped at 255 KiB (OpenSSH's own maximum), or 32 KiB when a server gives no limits.
package struct SFTPLimits: Sendable, Equatable {
    let maximumPacketLength: UInt64
    let maximumReadLength: UInt64
    let maximumWriteLength: UInt64
    let maximumOpenHandles: UInt64

    /// What Termind asks for without limits from the server: every SFTP server takes 32 KiB.
    static let defaultChunkSize = 32 * 1024
    /// The cap: OpenSSH's largest READ and WRITE (its 256 KiB message less 1 KiB of header).
    package static let maximumChunkSize = 255 * 1024

    /// Decodes the EXTENDED_REPLY data.
    package static func decode(_ data: [UInt8]) throws -> SFTPLimits {
        var reader = SFTPWireReader(data[...], packet: "the limits@openssh.com reply")
        return SFTPLimits(
            maximumPacketLength: try reader.uint64("maximum packet length"),
            maximumReadLength: try reader.uint64("maximum read length"),
            maximumWriteLength: try reader.uint64("maximum write length"),
            maximumOpenHandles: try reader.uint64("maximum open handles"))
    }

    package var readChunkSize: Int { chunkSize(maximumReadLength) }
    package var writeChunkSize: Int { chunkSize(maximumWriteLength) }

    /// A READ or WRITE length within `limit` and the packet limit (less room for the header).
    private func chunkSize(_ limit: UInt64) -> Int {
        guard limit > 0 else { return Self.defaultChunkSize }
        var size = min(limit, UInt64(Self.maximumChunkSize))
        if maximumPacketLength > 1024 { size = min(size, maximumPacketLength - 1024) }
        return Int(max(size, 1))
    }
}
