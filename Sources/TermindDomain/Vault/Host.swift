import Foundation

/// A saved destination: where to connect (hostname, port), as whom (an optional Identity),
/// through which Hosts (an ordered jump chain), with tags and notes for the person.
/// Editing or removing a Host never changes Known Hosts: trust belongs to the server's key.
public struct Host: Sendable, Hashable, Codable, Identifiable {
    public let id: UUID
    public var label: Label
    public var hostname: String
    public var port: Port
    /// The user to log in as on this Host, overriding the Identity's (like ssh_config's `User`).
    public var username: String?
    /// The Identity to log in with; nil leaves the username to the connection (ad-hoc or prompt).
    public var identityID: UUID?
    /// Hosts to hop through, first hop first; each hop is checked and authenticated on its own.
    public var jumpChain: [UUID]
    public var tags: [String]
    public var notes: String
    /// Whether a remote program in this Host's panes may set the local clipboard (OSC 52).
    /// Off unless the person turns it on: a server must not write the clipboard by default.
    public var allowsClipboardWrites: Bool
    /// Whether this Host's shells start with Termind's shell integration (bash and zsh), which
    /// marks prompts and commands for the command history. On unless the person turns it off.
    public var usesShellIntegration: Bool
    /// Whether this Host's workbench panes share one authenticated connection, each pane a
    /// channel on it (one authentication for many panes). On unless the person turns it off.
    public var sharesConnection: Bool
    /// Whether the workbench reconnects a lost pane of this Host by itself (when authenticating
    /// needs no person) or waits for the person. Automatic unless the person says otherwise.
    public var reconnect: ReconnectPolicy
    /// Port-forwarding rules, in order, each enabled or not (`termind forward HOST`).
    public var forwards: [HostForward]
    /// Seconds of silence before a keepalive asks the server for an answer (0: none), and how
    /// many may go unanswered before the connection counts as lost (`ServerAliveInterval`,
    /// `ServerAliveCountMax`). Set together through `keepalive`, which checks them.
    public private(set) var keepaliveInterval: Int
    public private(set) var keepaliveCountMax: Int
    /// Seconds between two samples of the server's metrics (CPU, memory...).
    public private(set) var metricsInterval: Int

    /// Between two metrics samples: at least a second (each costs a command on the server).
    public static let metricsIntervalRange = 1...3_600
    public static let defaultMetricsInterval = 2

    public var keepalive: Keepalive {
        get { (try? Keepalive(interval: keepaliveInterval, countMax: keepaliveCountMax)) ?? .standard }
        set {
            keepaliveInterval = newValue.interval
            keepaliveCountMax = newValue.countMax
        }
    }

    public init(
        id: UUID = UUID(), label: Label, hostname: String, port: Port = .ssh, username: String? = nil,
        identityID: UUID? = nil,
        jumpChain: [UUID] = [], tags: [String] = [], notes: String = "", allowsClipboardWrites: Bool = false,
        usesShellIntegration: Bool = true, sharesConnection: Bool = true, reconnect: ReconnectPolicy = .auto,
        forwards: [HostForward] = [],
        keepalive: Keepalive = .standard, metricsInterval: Int = Host.defaultMetricsInterval
    ) throws(VaultRuleViolation) {
        try Self.checkHostname(hostname)
        try Self.checkMetricsInterval(metricsInterval)
        self.id = id
        self.label = label
        self.hostname = hostname
        self.port = port
        self.username = username
        self.identityID = identityID
        self.jumpChain = jumpChain
        self.tags = tags
        self.notes = notes
        self.allowsClipboardWrites = allowsClipboardWrites
        self.usesShellIntegration = usesShellIntegration
        self.sharesConnection = sharesConnection
        self.reconnect = reconnect
        self.forwards = forwards
        self.keepaliveInterval = keepalive.interval
        self.keepaliveCountMax = keepalive.countMax
        self.metricsInterval = metricsInterval
    }

    /// Sets the seconds between metrics samples, within `metricsIntervalRange`.
    public mutating func setMetricsInterval(_ seconds: Int) throws(VaultRuleViolation) {
        try Self.checkMetricsInterval(seconds)
        metricsInterval = seconds
    }

    public static func checkMetricsInterval(_ seconds: Int) throws(VaultRuleViolation) {
        guard metricsIntervalRange.contains(seconds) else {
            throw .outOfRange(field: "metrics interval", value: seconds, range: metricsIntervalRange, unit: "seconds")
        }
    }

    /// A Host's label is typed before `:PATH` (`termind cp web:/srv .`): a `/` in it would make
    /// that read as a local path, as scp reads it, so a new Host label cannot hold one (Keys and
    /// Identities can: `work/deploy-key`).
    public static func checkLabel(_ label: Label) throws(VaultRuleViolation) {
        guard !label.rawValue.contains("/") else {
            throw .invalidLabel(label.rawValue, reason: "a Host label cannot contain '/' (HOST:PATH would read as a local path)")
        }
    }

    /// A hostname is a DNS name or an IP address as typed: not empty, no whitespace, no
    /// control characters, not starting with '-' (ssh would read it as an option).
    public static func checkHostname(_ hostname: String) throws(VaultRuleViolation) {
        guard !hostname.isEmpty else { throw .invalidHostname(hostname, reason: "the hostname cannot be empty") }
        guard !hostname.hasPrefix("-") else { throw .invalidHostname(hostname, reason: "it cannot start with '-'") }
        guard !hostname.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
        else { throw .invalidHostname(hostname, reason: "it cannot contain whitespace or control characters") }
    }
}
