/// Cuts the byte stream of an SFTP channel into packets: a `uint32` length, then that many
/// bytes. Chunks may split packets anywhere; `next()` returns each packet once it is whole.
///
/// A length over `maximumPacketLength` is a protocol violation, thrown as soon as the four
/// length bytes are in: nothing is allocated from a length the server claims, the buffer only
/// ever holds bytes that arrived. Packets come out as slices of the buffer (no copy); the
/// buffer is compacted only in `append`, so a caller that drops each packet before appending
/// again never makes it copy-on-write.
package struct SFTPFramer {
    /// The largest packet accepted: OpenSSH's 256 KiB message limit plus headroom for servers
    /// that put a few more bytes around a 255 KiB DATA or a long NAME reply.
    package static let maximumPacketLength = 256 * 1024 + 16 * 1024

    private var buffer: [UInt8] = []
    private var head = 0

    package init() {}

    /// Bytes received and not yet returned in a packet.
    package var bufferedCount: Int { buffer.count - head }

    package mutating func append(_ bytes: [UInt8]) {
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 0 && head >= buffer.count / 2 {
            buffer.removeSubrange(0..<head)
            head = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole packet (type byte first, without its length), or nil until more bytes
    /// arrive.
    package mutating func next() throws -> ArraySlice<UInt8>? {
        let available = buffer.count - head
        guard available >= 4 else { return nil }
        let length = Int(buffer[head]) << 24 | Int(buffer[head + 1]) << 16 | Int(buffer[head + 2]) << 8 | Int(buffer[head + 3])
        guard length > 0 else { throw SFTPWireError("the server sent a packet of length 0") }
        guard length <= Self.maximumPacketLength else {
            throw SFTPWireError(
                "the server sent a packet of \(length) bytes, more than the \(Self.maximumPacketLength) Termind accepts"
                    + (Self.looksLikeText(buffer[head..<(head + 4)]) ? " (its first bytes are text: does a login script print something?)" : ""))
        }
        guard available - 4 >= length else { return nil }
        let start = head + 4
        head = start + length
        return buffer[start..<head]
    }

    /// Whether the length bytes are printable ASCII: a shell start-up message on the channel.
    private static func looksLikeText(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}
