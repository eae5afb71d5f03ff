import Foundation
import TermindCrypto

/// The SHA-256 fingerprint of a host key or a Key's public key, shown as OpenSSH shows it: `SHA256:` followed by the
/// base64 of the 32 digest bytes without `=` padding (the same text `ssh-keygen -lf` prints).
///
/// A pure value; safe to pass between threads.
public struct KeyFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// The 32 bytes of the SHA-256 digest of the key blob.
    public let sha256: [UInt8]

    /// - Parameter sha256: the raw digest; anything but 32 bytes is not a SHA-256 fingerprint.
    public init?(sha256: [UInt8]) {
        guard sha256.count == 32 else { return nil }
        self.sha256 = sha256
    }

    /// The fingerprint of a public key in SSH wire format (the base64 part of a key line).
    public init(blob: [UInt8]) {
        sha256 = SHA256.hash(blob)
    }

    /// Parses the `SHA256:<base64>` text form (padding optional), as stored or typed.
    public init?(_ text: String) {
        guard text.hasPrefix("SHA256:") else { return nil }
        var encoded = String(text.dropFirst("SHA256:".count))
        while encoded.count % 4 != 0 { encoded += "=" }
        guard let data = Data(base64Encoded: encoded) else { return nil }
        self.init(sha256: Array(data))
    }

    public var description: String {
        let encoded = Data(sha256).base64EncodedString()
        return "SHA256:" + encoded.replacingOccurrences(of: "=", with: "")
    }
}
