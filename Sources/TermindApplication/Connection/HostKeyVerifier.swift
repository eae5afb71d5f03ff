import TermindDomain

/// The port the connector asks, inside the handshake and before any credential is sent,
/// whether the offered host key may be used. Implemented by `HostKeyTrust`.
public protocol HostKeyVerifier: Sendable {
    /// Host key algorithms already recorded for the host, to offer first (otherwise a known
    /// host could negotiate a type not recorded and look unknown).
    func preferredAlgorithms(hostname: String, port: Int) async -> [String]
    /// Returns when the key is accepted (known, trusted once, or trusted and saved); throws
    /// `SSHFailure` (`.hostKeyUnknown`, `.hostKeyRejected`, `.hostKeyChanged`,
    /// `.hostKeyRevoked`, `.interactionRequired`, `.cancelled`) otherwise.
    func verify(_ key: HostKey, hostname: String, port: Int, connectionLabel: String, generation: AttemptGeneration) async throws
}
