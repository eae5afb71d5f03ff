import TermindDomain

/// What a person gives when adding or editing a Host; nil leaves a field as it is (on edit)
/// or at its default (on add). Labels name other records and are resolved by `VaultEditor`.
public struct HostFields: Sendable, Equatable {
    public var hostname: String?
    public var port: Int?
    /// The login user for this Host; "" removes it (the Identity's username applies).
    public var username: String?
    /// An Identity label; "" unbinds.
    public var identity: String?
    /// Jump host labels, first hop first; [] clears the chain.
    public var jumps: [String]?
    public var tags: [String]?
    public var notes: String?
    /// Whether remote programs may set the local clipboard (OSC 52) in this Host's panes.
    public var allowsClipboardWrites: Bool?
    /// Whether this Host's shells start with Termind's shell integration.
    public var usesShellIntegration: Bool?
    /// Whether this Host's workbench panes share one authenticated connection.
    public var sharesConnection: Bool?
    /// Whether the workbench reconnects this Host's lost panes by itself.
    public var reconnect: ReconnectPolicy?
    /// Seconds between keepalives (0: none) and how many may go unanswered; one given alone
    /// keeps the other as it is.
    public var keepaliveInterval: Int?
    public var keepaliveCountMax: Int?
    /// Seconds between two samples of the server's metrics.
    public var metricsInterval: Int?
    /// Forwarding rules to add (enabled; one already there stays as it is), to remove, and to
    /// turn on or off.
    public var addForwards: [ForwardRule] = []
    public var removeForwards: [ForwardRule] = []
    public var enableForwards: [ForwardRule] = []
    public var disableForwards: [ForwardRule] = []

    public init(
        hostname: String? = nil, port: Int? = nil, username: String? = nil, identity: String? = nil, jumps: [String]? = nil,
        tags: [String]? = nil, notes: String? = nil, allowsClipboardWrites: Bool? = nil,
        usesShellIntegration: Bool? = nil, sharesConnection: Bool? = nil
    ) {
        self.hostname = hostname
        self.port = port
        self.username = username
        self.identity = identity
        self.jumps = jumps
        self.tags = tags
        self.notes = notes
        self.allowsClipboardWrites = allowsClipboardWrites
        self.usesShellIntegration = usesShellIntegration
        self.sharesConnection = sharesConnection
    }
}
