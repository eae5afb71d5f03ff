/// A public key in SSH wire format (a "key blob", RFC 4253 §6.6 and RFC 5656 §3.1), checked
/// to be well-formed and of a supported type, with the size `ssh-keygen -l` reports.
///
/// A plain value; `Sendable`. Public keys are not secret.
public struct SSHPublicKey: Sendable, Hashable {
    public let type: SSHKeyType
    /// 256 for ed25519, the curve size for ECDSA, the modulus bits for RSA.
    public let bits: Int
    /// The blob itself: the base64 part of a key line, and what fingerprints hash.
    public let blob: [UInt8]

    /// Parses and checks a blob.
    /// - Throws: ``SSHKeyError/unsupported(_:)`` for a well-formed blob of another type (DSA,
    ///   FIDO, certificates), ``SSHKeyError/malformed(_:)`` for anything damaged.
    public init(blob: [UInt8]) throws(SSHKeyError) {
        let context = "public key blob"
        var reader = SSHWireReader(blob)
        let name = try SSHKeyError.reading(context) { () throws(SSHWireError) in try reader.readText("key type") }
        guard let type = SSHKeyType(rawValue: name) else { throw .unsupported(SSHKeyType.whyUnsupported(name)) }
        switch type {
        case .ed25519:
            let key = try SSHKeyError.reading(context) { () throws(SSHWireError) in
                try reader.readString("ed25519 public key")
            }
            guard key.count == 32 else { throw .malformed("\(context): ed25519 key is \(key.count) bytes, not 32") }
            bits = 256
        case .ecdsaP256, .ecdsaP384, .ecdsaP521:
            let (curve, point) = try SSHKeyError.reading(context) { () throws(SSHWireError) in
                (try reader.readText("curve"), try reader.readString("curve point"))
            }
            guard curve == type.curveIdentifier else {
                throw .malformed("\(context): \(name) key names curve \(curve)")
            }
            guard point.count == type.uncompressedPointLength, point.first == 0x04 else {
                throw .malformed("\(context): not an uncompressed \(curve) point")
            }
            bits = type.fixedBits ?? 0
        case .rsa:
            let (exponent, modulus) = try SSHKeyError.reading(context) { () throws(SSHWireError) in
                (try reader.readPositiveMPInt("RSA exponent"), try reader.readPositiveMPInt("RSA modulus"))
            }
            guard !exponent.isEmpty, !modulus.isEmpty else { throw .malformed("\(context): RSA value of zero") }
            bits = Self.bitCount(ofMagnitude: modulus)
        }
        guard reader.isAtEnd else {
            throw .malformed("\(context): \(reader.remainingCount) unexpected bytes after the key")
        }
        self.type = type
        self.blob = blob
    }

    /// Significant bits of a big-endian magnitude without leading zeros.
    static func bitCount(ofMagnitude magnitude: [UInt8]) -> Int {
        guard let first = magnitude.first else { return 0 }
        return (magnitude.count - 1) * 8 + (8 - first.leadingZeroBitCount)
    }
}
