import TermindDomain

/// The port that opens connections: TCP (or a `direct-tcpip` channel through the previous
/// hop), handshake, the host-key check through `trust` before any credential is sent, then
/// authentication with the plan's credentials, asking through `interactions` where needed.
public protocol SSHConnector: Sendable {
    func connect(_ plan: ConnectionPlan, using context: ConnectionContext) async throws -> any SSHConnection
    /// The host key the plan's target offers, read the way a connection would reach it: each
    /// jump host opened, checked and authenticated in turn, the target's handshake through
    /// them, and no credential sent to the target (`termind known-hosts check`). Everything
    /// opened is closed before this returns.
    func offeredHostKey(_ plan: ConnectionPlan, using context: ConnectionContext) async throws -> HostKey
}
