import TermindDomain

/// Everything needed to open one SSH connection, resolved before any socket opens
/// (docs/behaviour.md §2): Host → Identity → credentials → jump chain. Secrets are unsealed here and
/// live only as long as the plan.
public struct ConnectionPlan: Sendable {
    /// How messages and interactions name the connection: the Host's label, or
    /// `user@hostname:port` for an ad-hoc target.
    public let label: String
    public let hostname: String
    public let port: Int
    public let username: String
    /// In the order they are tried, within what the server advertises (after `none`).
    public let credentials: [Credential]
    /// Whether keys from `ssh-agent` (`SSH_AUTH_SOCK`) may be tried after the Identity's key.
    public let useAgent: Bool
    /// The hops to go through, first hop first, each planned like a connection of its own.
    public let jumps: [ConnectionPlan]
    /// This hop's keepalive: its Host's, or the defaults for an ad-hoc destination.
    public let keepalive: Keepalive

    public init(
        label: String, hostname: String, port: Int, username: String, credentials: [Credential],
        useAgent: Bool = true, jumps: [ConnectionPlan] = [], keepalive: Keepalive = .standard
    ) {
        self.label = label
        self.hostname = hostname
        self.port = port
        self.username = username
        self.credentials = credentials
        self.useAgent = useAgent
        self.jumps = jumps
        self.keepalive = keepalive
    }
}
