import TermindApplication

/// How libssh2 failures and interaction outcomes become the `SSHFailure` categories callers
/// see (docs/behaviour.md §7). The detail keeps `SSH2Error`'s sentence: what was being done, where, libssh2's
/// own message and what to do. Never a secret: none of the sources holds one.
extension SSHFailure {
    /// The category for an `SSH2Error` kind.
    static func kind(for kind: SSH2Error.Kind) -> Kind {
        switch kind {
        case .resolve: .resolve
        case .connect: .connect
        case .timeout: .timeout
        case .handshake, .hostKey: .handshake
        case .authentication: .authentication
        case .channel: .channel
        case .disconnected, .session: .dropped
        }
    }

    /// `error` as an `SSHFailure` of the connection labelled `connection`.
    static func from(_ error: any Error, connection: String) -> SSHFailure {
        switch error {
        case let failure as SSHFailure:
            return failure
        case let error as SSH2Error:
            return SSHFailure(kind(for: error.kind), connection: connection, detail: error.description)
        case let required as InteractionRequired:
            return SSHFailure(.interactionRequired, connection: connection, detail: required.description)
        case is CancellationError:
            return SSHFailure(.cancelled, connection: connection, detail: "the connection attempt was cancelled")
        default:
            return SSHFailure(.dropped, connection: connection, detail: "unexpected failure: \(error)")
        }
    }
}
