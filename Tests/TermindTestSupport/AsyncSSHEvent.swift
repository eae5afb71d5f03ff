/// One line of the asyncssh rig's event log: what the server saw (a connection, an
/// authentication attempt, a keyboard-interactive round, an exec, a PTY request...). Fields not
/// relevant to `event` are nil. Never holds a password or an answer: the server does not log them.
///
/// A value; safe to pass between threads.
public struct AsyncSSHEvent: Decodable, Sendable, Equatable {
    /// `connect`, `auth`, `auth_complete`, `kbdint_round_sent`, `kbdint_round_answered`, `exec`,
    /// `pty`, `shell`, `window_change`, `sftp`, `subsystem` or `drop`.
    public let event: String
    public let peer: String?
    public let method: String?
    public let username: String?
    public let success: Bool?
    public let partial: Bool?
    /// Methods that succeeded, in order (`auth_complete`).
    public let methods: [String]?
    public let round: Int?
    public let name: String?
    public let instruction: String?
    public let prompts: [String]?
    public let echo: [Bool]?
    public let matched: Bool?
    public let command: String?
    public let term: String?
    public let columns: Int?
    public let rows: Int?
    public let root: String?
    public let accepted: Bool?
    public let afterBytes: Int?

    enum CodingKeys: String, CodingKey {
        case event, peer, method, username, success, partial, methods, round, name, instruction
        case prompts, echo, matched, command, term, columns, rows, root, accepted
        case afterBytes = "after_bytes"
    }
}
