import TermindDomain

/// The port that reads the host key a server offers, with a handshake and nothing more: no
/// credential is sent (`termind known-hosts check`).
public protocol HostKeyProbe: Sendable {
    func offeredHostKey(hostname: String, port: Int, preferring algorithms: [String], timeout: Duration) async throws -> HostKey
}
