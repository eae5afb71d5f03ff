/// A connection that failed, by category (docs/behaviour.md §7): what failed, for which connection, and
/// what the person can do. Never holds a secret.
public struct SSHFailure: CategorizedFailure, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case resolve, connect, timeout, dropped, handshake, channel
        case authentication
        case hostKeyUnknown = "host-key-unknown"
        case hostKeyRejected = "host-key-rejected"
        case hostKeyChanged = "host-key-changed"
        case hostKeyRevoked = "host-key-revoked"
        case interactionRequired = "interaction-required"
        case cancelled
    }

    public let kind: Kind
    /// The connection's label (Host label or `user@host:port`).
    public let connection: String
    /// What happened and what to do, in a sentence or two.
    public let detail: String

    public init(_ kind: Kind, connection: String, detail: String) {
        self.kind = kind
        self.connection = connection
        self.detail = detail
    }

    public var exitCode: ExitCode {
        switch kind {
        case .resolve, .connect, .timeout, .dropped, .handshake, .channel: .connectionFailed
        case .authentication: .authenticationFailed
        case .hostKeyUnknown, .hostKeyRejected: .hostKeyNotAccepted
        case .hostKeyChanged, .hostKeyRevoked: .hostKeyChanged
        case .interactionRequired: .interactionRequired
        case .cancelled: .interrupted
        }
    }

    /// The category as scripts read it in `--json` (`connection`, `authentication`, ...).
    public var category: String { exitCode.category }

    public var description: String { "\(connection): \(detail)" }
}
