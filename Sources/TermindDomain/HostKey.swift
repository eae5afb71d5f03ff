/// A server's public host key as offered in a handshake: its algorithm name, its wire-format blob
/// and its SHA-256 fingerprint. Known-hosts checks compare these values.
///
/// A pure value; safe to pass between threads.
public struct HostKey: Sendable, Hashable {
    /// The key type as named on the wire: `ssh-ed25519`, `ecdsa-sha2-nistp256`, `ssh-rsa`...
    public let algorithm: String
    /// The public key in SSH wire format (what a known_hosts line holds in base64).
    public let blob: [UInt8]
    public let fingerprint: KeyFingerprint

    public init(algorithm: String, blob: [UInt8], fingerprint: KeyFingerprint) {
        self.algorithm = algorithm
        self.blob = blob
        self.fingerprint = fingerprint
    }
}
