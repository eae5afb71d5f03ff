@testable import TermindRemoteInfrastructure
import TermindDomain

/// The other side of the codec, for tests: requests decoded as a server would, replies and
/// VERSION encoded as a server would. Built on the same wire reader and writer, so a round
/// trip checks field order and lengths.
extension SFTPRequest {
    /// Decodes one request packet (with its length) back into its id and value.
    static func decodeForTest(_ packet: [UInt8]) throws -> (id: UInt32, request: SFTPRequest) {
        var framer = SFTPFramer()
        framer.append(packet)
        guard let body = try framer.next(), framer.bufferedCount == 0 else { throw SFTPWireError("not exactly one packet") }
        var reader = SFTPWireReader(body, packet: "a request")
        guard let type = SFTPPacketType(rawValue: try reader.byte("type")) else { throw SFTPWireError("unknown type") }
        let id = try reader.uint32("id")
        let request: SFTPRequest
        switch type {
        case .open:
            request = .open(path: try reader.string("path"), flags: SFTPOpenFlags(rawValue: try reader.uint32("flags")),
                            attributes: try FileAttributes.read(from: &reader))
        case .close: request = .close(handle: try reader.bytes("handle"))
        case .read:
            request = .read(handle: try reader.bytes("handle"), offset: try reader.uint64("offset"), length: try reader.uint32("length"))
        case .write:
            request = .write(handle: try reader.bytes("handle"), offset: try reader.uint64("offset"), data: try reader.bytes("data")[...])
        case .lstat: request = .lstat(path: try reader.string("path"))
        case .fstat: request = .fstat(handle: try reader.bytes("handle"))
        case .setstat: request = .setstat(path: try reader.string("path"), attributes: try FileAttributes.read(from: &reader))
        case .fsetstat: request = .fsetstat(handle: try reader.bytes("handle"), attributes: try FileAttributes.read(from: &reader))
        case .opendir: request = .opendir(path: try reader.string("path"))
        case .readdir: request = .readdir(handle: try reader.bytes("handle"))
        case .remove: request = .remove(path: try reader.string("path"))
        case .mkdir: request = .mkdir(path: try reader.string("path"), attributes: try FileAttributes.read(from: &reader))
        case .rmdir: request = .rmdir(path: try reader.string("path"))
        case .realpath: request = .realpath(path: try reader.string("path"))
        case .stat: request = .stat(path: try reader.string("path"))
        case .rename: request = .rename(from: try reader.string("from"), to: try reader.string("to"))
        case .readlink: request = .readlink(path: try reader.string("path"))
        case .symlink:
            // OpenSSH's order: the target first, then the link.
            let target = try reader.string("target")
            request = .symlink(linkPath: try reader.string("link"), targetPath: target)
        case .extended:
            request = .extended(try decodeExtension(&reader))
        default:
            throw SFTPWireError("\(type) is not a request with an id")
        }
        guard reader.isAtEnd else { throw SFTPWireError("\(reader.remaining) bytes after the last field") }
        return (id, request)
    }

    private static func decodeExtension(_ reader: inout SFTPWireReader) throws -> SFTPExtensionRequest {
        let name = try reader.string("name")
        switch name {
        case SFTPExtensionRequest.limitsName: return .limits
        case SFTPExtensionRequest.posixRenameName: return .posixRename(from: try reader.string("from"), to: try reader.string("to"))
        case SFTPExtensionRequest.fsyncName: return .fsync(handle: try reader.bytes("handle"))
        case SFTPExtensionRequest.statvfsName: return .statvfs(path: try reader.string("path"))
        case SFTPExtensionRequest.hardlinkName: return .hardlink(target: try reader.string("target"), link: try reader.string("link"))
        case SFTPExtensionRequest.copyDataName:
            return .copyData(
                source: try reader.bytes("source"), sourceOffset: try reader.uint64("source offset"),
                length: try reader.uint64("length"), destination: try reader.bytes("destination"),
                destinationOffset: try reader.uint64("destination offset"))
        default:
            var data: [UInt8] = []
            while !reader.isAtEnd { data.append(try reader.byte("data")) }
            return .other(name: name, data: data)
        }
    }
}

extension SFTPReply {
    /// The reply as a server sends it, length first.
    func encodeForTest() -> [UInt8] {
        var writer = SFTPWireWriter(type)
        writer.uint32(id)
        switch body {
        case .status(let status):
            writer.uint32(status.code.rawValue)
            writer.string(status.message)
            writer.string(status.language)
        case .handle(let handle):
            writer.string(handle)
        case .data(let data):
            writer.string(data)
        case .names(let names):
            writer.uint32(UInt32(names.count))
            for name in names {
                writer.string(name.filename)
                writer.string(name.longName)
                name.attributes.write(to: &writer)
            }
        case .attributes(let attributes):
            attributes.write(to: &writer)
        case .extendedReply(let data):
            writer.raw(data)
        }
        return writer.finish()
    }

    static func status(_ id: UInt32, _ code: SFTPStatusCode, _ message: String = "") -> SFTPReply {
        SFTPReply(id: id, body: .status(SFTPStatus(code: code, message: message, language: "en")))
    }
}

extension SFTPVersion {
    func encodeForTest() -> [UInt8] {
        var writer = SFTPWireWriter(.version)
        writer.uint32(version)
        for item in extensions {
            writer.string(item.name)
            writer.string(item.data)
        }
        return writer.finish()
    }
}

/// Big-endian field bytes, for building packets by hand.
enum Wire {
    static func uint32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func uint64(_ value: UInt64) -> [UInt8] {
        uint32(UInt32(value >> 32)) + uint32(UInt32(value & 0xFFFF_FFFF))
    }

    static func string(_ text: String) -> [UInt8] { string(Array(text.utf8)) }
    static func string(_ bytes: [UInt8]) -> [UInt8] { uint32(UInt32(bytes.count)) + bytes }

    /// A packet: length, then `body` (type byte first).
    static func packet(_ body: [UInt8]) -> [UInt8] { uint32(UInt32(body.count)) + body }
}
