/// The port to the account that runs Termind on this machine: the login name a connection uses
/// when neither the target, `-l`, the Host nor its Identity names a user, and the names
/// ssh_config's `%u`, `%L` and `%l` expand to on import.
///
/// Asked only when a name is needed, so `user@host` works even where the system knows no name
/// for the account. `Sendable`; implementations read the system and keep no state.
public protocol LocalAccount: Sendable {
    /// The account's login name; `LocalAccountUnknown` when nothing names it.
    func userName() throws -> String
    /// This machine's host name; never fails (`localhost` when the system has none).
    func hostName() -> String
}
