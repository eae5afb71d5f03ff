import Foundation

/// A Host the import proposes: one concrete `Host` alias of the ssh config with the values
/// OpenSSH resolves for it. Selecting it never selects an Identity or a Key: it binds to an
/// exact Identity already in the Vault or to one selected too, and is otherwise left unbound.
public struct ImportHostItem: Sendable, Equatable {
    public internal(set) var index: Int = 0
    /// The `Host` alias, which becomes the Host's label.
    public let alias: String
    public let hostname: String
    public let port: Int
    public let user: String?
    /// Paths as OpenSSH resolves them (`~` and `%` tokens expanded).
    public let identityFiles: [String]
    /// The hops as written in `ProxyJump` (`bastion`, `admin@gate:2222`), empty when none.
    public let proxyJump: [String]
    /// The same hops parsed (user, host, port), one per entry of `proxyJump`.
    public let proxyJumpHops: [SSHConfigJumpHop]
    /// Its TCP forwardings, imported as the Host's rules, enabled.
    public var forwards: [ForwardRule] = []
    /// Its keepalive (`ServerAliveInterval`, `ServerAliveCountMax`), each value brought into
    /// what a Host takes; the defaults when the configuration sets none.
    public var keepalive: Keepalive = .standard
    /// Where the alias is declared.
    public let location: ImportLocation
    public internal(set) var status: ImportStatus
    /// The identity items (by `index`) of this host's (User, IdentityFile) pairs, in IdentityFile
    /// order: the first one available (in the Vault, or selected) is bound.
    public internal(set) var identityIndexes: [Int] = []
    /// One target per hop, or nil when a hop is not a Host (the chain is then left empty).
    public internal(set) var hopTargets: [ImportHopTarget]?
    /// What the person should know about this host (a hop that is not a Host...).
    public internal(set) var notes: [String] = []
    /// The Vault's Host when `status` is `.existing`.
    public internal(set) var existingHostID: UUID?

    public init(
        alias: String, hostname: String, port: Int, user: String?, identityFiles: [String], proxyJump: [String],
        proxyJumpHops: [SSHConfigJumpHop], location: ImportLocation
    ) {
        self.alias = alias
        self.hostname = hostname
        self.port = port
        self.user = user
        self.identityFiles = identityFiles
        self.proxyJump = proxyJump
        self.proxyJumpHops = proxyJumpHops
        self.location = location
        status = .new
    }
}
