import TermindDomain

/// A server's answer to one request (draft-02 §7): the request's id and what came back.
/// Bytes after the last field are ignored, as OpenSSH's client does (later protocol versions
/// add fields there); a packet that ends early is an `SFTPWireError`.
package struct SFTPReply: Sendable, Equatable {
    package enum Body: Sendable, Equatable {
        case status(SFTPStatus)
        case handle([UInt8])
        case data([UInt8])
        case names([SFTPName])
        case attributes(FileAttributes)
        /// An EXTENDED_REPLY's data, decoded by whoever asked (`SFTPLimits`, statvfs).
        case extendedReply([UInt8])
    }

    package let id: UInt32
    package let body: Body

    var type: SFTPPacketType {
        switch body {
        case .status: .status
        case .handle: .handle
        case .data: .data
        case .names: .name
        case .attributes: .attrs
        case .extendedReply: .extendedReply
        }
    }

    /// Decodes a reply packet (type byte first, no length).
    package static func decode(_ packet: ArraySlice<UInt8>) throws -> SFTPReply {
        var reader = SFTPWireReader(packet, packet: "a reply")
        let rawType = try reader.byte("type")
        guard let type = SFTPPacketType(rawValue: rawType) else {
            throw SFTPWireError("the server sent a packet of type \(rawType), which SFTP v3 does not define")
        }
        switch type {
        case .status, .handle, .data, .name, .attrs, .extendedReply:
            break
        case .version:
            throw SFTPWireError("the server sent VERSION again after the session had started")
        default:
            throw SFTPWireError("the server sent a \(type) request, which only a client sends")
        }
        reader = SFTPWireReader(packet.dropFirst(), packet: "the \(type) reply")
        let id = try reader.uint32("request id")
        switch type {
        case .status:
            let code = SFTPStatusCode(try reader.uint32("status code"))
            // draft-02 has a message and a language tag; some servers send only the code.
            let message = reader.isAtEnd ? "" : try reader.string("message")
            let language = reader.isAtEnd ? "" : try reader.string("language tag")
            return SFTPReply(id: id, body: .status(SFTPStatus(code: code, message: message, language: language)))
        case .handle:
            return SFTPReply(id: id, body: .handle(try reader.bytes("handle")))
        case .data:
            return SFTPReply(id: id, body: .data(try reader.bytes("data")))
        case .name:
            let count = try reader.uint32("name count")
            var names: [SFTPName] = []
            // Each entry takes at least 12 bytes: never reserve more than could be there.
            names.reserveCapacity(min(Int(count), reader.remaining / 12))
            for index in 0..<count {
                let filename = try reader.name("name \(index + 1) of \(count)")
                let longName = try reader.name("long name \(index + 1) of \(count)")
                let attributes = try FileAttributes.read(from: &reader)
                names.append(SFTPName(filename: filename, longName: longName, attributes: attributes))
            }
            return SFTPReply(id: id, body: .names(names))
        case .attrs:
            return SFTPReply(id: id, body: .attributes(try FileAttributes.read(from: &reader)))
        case .extendedReply:
            var rest: [UInt8] = []
            if !reader.isAtEnd { rest = Array(packet.suffix(reader.remaining)) }
            return SFTPReply(id: id, body: .extendedReply(rest))
        default:
            preconditionFailure("reply types were checked above")
        }
    }
}
