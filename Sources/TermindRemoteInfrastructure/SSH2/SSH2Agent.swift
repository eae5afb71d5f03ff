import CLibSSH2
import Foundation

/// A connection to an `ssh-agent` (its socket named by `SSH_AUTH_SOCK`) through libssh2, for
/// public key authentication with the agent's keys: the keys never leave the agent, which signs.
/// Owns the `LIBSSH2_AGENT` and frees it (disconnecting) in `deinit`.
///
/// Confined to its session's thread (the connection worker); not `Sendable`. The agent socket
/// libssh2 opens is blocking, which is fine: the agent answers locally and at once.
final class SSH2Agent {
    /// One key the agent holds: its comment (usually the file it was added from) and blob.
    struct Identity {
        let comment: String
        let blob: [UInt8]
        /// libssh2's record of the key, valid while the agent lives.
        let pointer: UnsafeMutablePointer<libssh2_agent_publickey>
    }

    private let session: SSH2Session
    private var agent: OpaquePointer?

    /// Connects to the agent listening on `socketPath`.
    init(session: SSH2Session, socketPath: String) throws {
        self.session = session
        let handle = try session.liveHandle("connecting to ssh-agent", kind: .authentication)
        guard let agent = libssh2_agent_init(handle) else {
            throw session.failure("connecting to ssh-agent at \(socketPath)", kind: .authentication,
                                  code: libssh2_session_last_errno(handle))
        }
        self.agent = agent
        libssh2_agent_set_identity_path(agent, socketPath)  // copied by libssh2
        let connected = libssh2_agent_connect(agent)
        guard connected == 0 else {
            throw session.failure("connecting to ssh-agent at \(socketPath)", kind: .authentication, code: connected)
        }
    }

    deinit {
        if let agent {
            libssh2_agent_disconnect(agent)
            libssh2_agent_free(agent)
        }
    }

    /// The keys the agent offers, in its order.
    func identities() throws -> [Identity] {
        guard let agent else { return [] }
        try session.perform("listing ssh-agent keys", kind: .authentication) { _ in libssh2_agent_list_identities(agent) }
        var found: [Identity] = []
        var previous: UnsafeMutablePointer<libssh2_agent_publickey>?
        while true {
            var next: UnsafeMutablePointer<libssh2_agent_publickey>?
            let result = libssh2_agent_get_identity(agent, &next, previous)
            if result == 1 { break }  // no more keys
            guard result == 0, let identity = next else {
                throw session.failure("listing ssh-agent keys", kind: .authentication, code: result)
            }
            let comment = identity.pointee.comment.map { String(cString: $0) } ?? ""
            let blob = Array(UnsafeBufferPointer(start: identity.pointee.blob, count: Int(identity.pointee.blob_len)))
            found.append(Identity(comment: comment, blob: blob, pointer: identity))
            previous = identity
        }
        return found
    }

    /// Public key authentication as `username` with one of the agent's keys (the agent signs).
    func authenticate(username: String, with identity: Identity) throws {
        guard let agent else { return }
        let label = identity.comment.isEmpty ? "an ssh-agent key" : "ssh-agent key \(identity.comment)"
        try session.perform("public key authentication as \(username) with \(label)", kind: .authentication) { _ in
            libssh2_agent_userauth(agent, username, identity.pointer)
        }
    }
}
