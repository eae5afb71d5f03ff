import Foundation

extension UUID {
    /// A random (version 4) UUID from the standard library's system generator. Foundation's
    /// `UUID()` opens /dev/urandom on every call on Linux, which reading a known_hosts file of
    /// 100,000 lines paid 100,000 times.
    public static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40  // version 4
            raw[8] = (raw[8] & 0x3F) | 0x80  // RFC 4122 variant
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }
}
