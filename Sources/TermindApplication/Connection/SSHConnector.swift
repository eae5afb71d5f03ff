/// The port that opens connections: TCP (or a `direct-tcpip` channel through the previous
/// hop), handshake, the host-key check through `trust` before any credential is sent, then
/// authentication with the plan's credentials, asking through `interactions` where needed.
public protocol SSHConnector: Sendable {
    func connect(_ plan: ConnectionPlan, using context: ConnectionContext) async throws -> any SSHConnection
}
