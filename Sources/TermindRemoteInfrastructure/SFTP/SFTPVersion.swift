/// The server's VERSION answer to INIT: the protocol version it speaks and the extensions it
/// announces (name and data, in its order).
package struct SFTPVersion: Sendable, Equatable {
    package struct Extension: Sendable, Equatable {
        package let name: String
        package let data: String
    }

    package let version: UInt32
    package let extensions: [Extension]

    /// Decodes a VERSION packet (type byte first, no length).
    package static func decode(_ packet: ArraySlice<UInt8>) throws -> SFTPVersion {
        var reader = SFTPWireReader(packet, packet: "the VERSION reply")
        let type = try reader.byte("type")
        guard type == SFTPPacketType.version.rawValue else {
            let name = SFTPPacketType(rawValue: type)?.description ?? "type \(type)"
            throw SFTPWireError("the server answered INIT with \(name) instead of VERSION")
        }
        let version = try reader.uint32("version")
        var extensions: [Extension] = []
        while !reader.isAtEnd {
            let name = try reader.string("extension name")
            let data = try reader.string("data of extension \(name)")
            extensions.append(Extension(name: name, data: data))
        }
        return SFTPVersion(version: version, extensions: extensions)
    }
}
