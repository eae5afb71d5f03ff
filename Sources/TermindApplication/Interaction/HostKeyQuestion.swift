import TermindDomain

/// What the person sees for an unknown host key: host, port, key type and fingerprint, and
/// the key types already recorded for the host (a new type, not a change).
public struct HostKeyQuestion: Sendable, Equatable {
    public let hostname: String
    public let port: Int
    public let keyType: String
    public let fingerprint: KeyFingerprint
    public let recordedKeyTypes: [String]

    public init(hostname: String, port: Int, keyType: String, fingerprint: KeyFingerprint, recordedKeyTypes: [String] = []) {
        self.hostname = hostname
        self.port = port
        self.keyType = keyType
        self.fingerprint = fingerprint
        self.recordedKeyTypes = recordedKeyTypes
    }
}
