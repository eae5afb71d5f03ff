import TermindDomain

/// A Host as `list` and `show` print it, with the records it names resolved to labels.
/// Its JSON is a contract for scripts.
struct HostView: Encodable {
    let label: String
    let hostname: String
    let port: Int
    let user: String?
    let identity: String?
    let jumps: [String]
    let tags: [String]
    let notes: String
    /// Whether remote programs may set the local clipboard (OSC 52) in this Host's panes.
    let clipboardWrites: Bool
    /// Whether this Host's shells start with Termind's shell integration (command history).
    let shellIntegration: Bool
    /// Whether this Host's workbench panes share one authenticated connection.
    let share: Bool
    /// `auto` or `manual`: whether the workbench reconnects a lost pane by itself.
    let reconnect: String
    /// Seconds between keepalives (0: none) and how many may go unanswered.
    let keepalive: Int
    let keepaliveCount: Int
    /// Seconds between two samples of the server's metrics.
    let metricsInterval: Int
    /// Forwarding rules in order: `rule` as `L 8080:localhost:80`, and whether it runs.
    let forwards: [ForwardEntry]

    struct ForwardEntry: Encodable {
        let rule: String
        let enabled: Bool
    }

    init(_ host: Host, in snapshot: VaultSnapshot) {
        label = host.label.rawValue
        hostname = host.hostname
        port = host.port.rawValue
        identity = host.identityID.flatMap { snapshot.identity(id: $0)?.label.rawValue }
        user = host.username ?? host.identityID.flatMap { snapshot.identity(id: $0)?.username }
        jumps = host.jumpChain.compactMap { snapshot.host(id: $0)?.label.rawValue }
        tags = host.tags
        notes = host.notes
        clipboardWrites = host.allowsClipboardWrites
        shellIntegration = host.usesShellIntegration
        share = host.sharesConnection
        reconnect = host.reconnect.rawValue
        keepalive = host.keepaliveInterval
        keepaliveCount = host.keepaliveCountMax
        metricsInterval = host.metricsInterval
        forwards = host.forwards.map { ForwardEntry(rule: $0.rule.stored, enabled: $0.enabled) }
    }
}
