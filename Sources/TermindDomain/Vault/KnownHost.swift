import Foundation

/// A trust record: which key a host (pattern) is known to have. Independent of Host records:
/// editing or removing a Host never changes trust. Patterns are kept as written, including
/// comma lists, wildcards, `[host]:port` and hashed `|1|salt|hmac` forms.
public struct KnownHost: Sendable, Hashable, Codable, Identifiable {
    /// `@revoked` and `@cert-authority` lines, as in OpenSSH's known_hosts.
    public enum Marker: String, Sendable, Hashable, Codable {
        case none = ""
        case revoked = "@revoked"
        case certAuthority = "@cert-authority"
    }

    public let id: UUID
    public var pattern: String
    /// The key type as on the wire (`ssh-ed25519`, `ecdsa-sha2-nistp256`, `ssh-rsa`...).
    public var keyType: String
    public var keyBlob: [UInt8]
    public var marker: Marker
    public var comment: String
    public let addedAt: Date

    public init(
        id: UUID = .random(), pattern: String, keyType: String, keyBlob: [UInt8], marker: Marker = .none,
        comment: String = "", addedAt: Date = Date()
    ) {
        self.id = id
        self.pattern = pattern
        self.keyType = keyType
        self.keyBlob = keyBlob
        self.marker = marker
        self.comment = comment
        self.addedAt = addedAt
    }

    public var fingerprint: KeyFingerprint { KeyFingerprint(blob: keyBlob) }

    /// The record as a known_hosts line.
    public var line: String {
        var parts = [String]()
        if marker != .none { parts.append(marker.rawValue) }
        parts += [pattern, keyType, Data(keyBlob).base64EncodedString()]
        if !comment.isEmpty { parts.append(comment) }
        return parts.joined(separator: " ")
    }
}
