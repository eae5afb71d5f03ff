import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure

/// An SFTP server's byte stream as the client's reader takes it: cut into packets by the
/// framer (in chunks of any size), the first decoded as VERSION and the rest as replies,
/// EXTENDED_REPLY data decoded as both extended replies the client asks for, and every text
/// a server sends made displayable.
enum SFTPReplyFuzzing {
    static let target = FuzzTarget("sftp-replies", "chunk size byte, then an SFTP server's output") { input throws(FuzzFinding) in
        var framer = SFTPFramer()
        var appended = 0
        var framed = 0
        var isFirst = true
        for chunk in FuzzInput.chunks(input) {
            framer.append(Array(chunk))
            appended += chunk.count
            while true {
                let packet: ArraySlice<UInt8>
                do {
                    guard let next = try framer.next() else { break }
                    packet = next
                } catch {
                    return  // a protocol violation ends the session
                }
                framed += 4 + packet.count
                try FuzzFinding.require(
                    !packet.isEmpty && packet.count <= SFTPFramer.maximumPacketLength,
                    "the framer returned a packet of \(packet.count) bytes")
                if isFirst {
                    isFirst = false
                    if let version = try? SFTPVersion.decode(packet) {
                        for item in version.extensions { _ = SFTPStatusError.displayable(item.name + item.data) }
                    }
                    continue
                }
                guard let reply = try? SFTPReply.decode(packet) else { continue }
                try check(reply)
            }
            try FuzzFinding.require(
                framed + framer.bufferedCount == appended,
                "the framer returned \(framed) bytes and holds \(framer.bufferedCount) of \(appended)")
        }
    }

    private static func check(_ reply: SFTPReply) throws(FuzzFinding) {
        switch reply.body {
        case .status(let status):
            try displayable(status.message)
        case .names(let names):
            for name in names.prefix(64) {
                try displayable(name.filename)
                try displayable(name.longName)
                try longNameFields(of: name)
            }
        case .extendedReply(let data):
            if let limits = try? SFTPLimits.decode(data) {
                for size in [limits.readChunkSize, limits.writeChunkSize] {
                    try FuzzFinding.require(
                        (1...SFTPLimits.maximumChunkSize).contains(size), "limits@openssh.com gave a chunk of \(size) bytes")
                }
            }
            _ = try? FileSystemUsage.decodeSFTPStatVFS(data)
        case .handle, .data, .attributes:
            break
        }
    }

    /// What `edit` reads from a listing's `ls -l` line (links, owner, group): all or nothing,
    /// each a whole field.
    private static func longNameFields(of name: SFTPName) throws(FuzzFinding) {
        let file = RemoteFile(path: "/" + name.filename, attributes: name.attributes, longName: name.longName)
        guard file.listedLinkCount != nil else { return }
        for field in [file.listedOwner, file.listedGroup] {
            try FuzzFinding.require(
                field.map { !$0.isEmpty && !$0.contains(" ") } == true, "the long name \(name.longName.debugDescription) gave a field \(field.debugDescription)")
        }
    }

    /// A server's text must reach the person's terminal without a character a terminal acts on
    /// (a control other than tab) or one that reorders the line (`TerminalSafeText`).
    private static func displayable(_ text: String) throws(FuzzFinding) {
        let shown = SFTPStatusError.displayable(text)
        try FuzzFinding.require(
            !shown.unicodeScalars.contains { scalar in
                (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            },
            "a server's text is shown with a control character: \(shown.debugDescription)")
    }
}
