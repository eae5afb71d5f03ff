import TermindDomain

/// The state of one keyboard-interactive authentication while libssh2 runs it: the responder
/// that answers each round and the first error it threw (after which rounds are answered empty
/// and the authentication call fails with that error).
///
/// Lives only for the duration of `authenticateKeyboardInteractive`, on the session's thread.
final class SSH2KeyboardInteractiveExchange {
    let respond: (KeyboardInteractiveRound) throws -> [Secret]
    var failure: (any Error)?
    var rounds = 0

    init(respond: @escaping (KeyboardInteractiveRound) throws -> [Secret]) {
        self.respond = respond
    }
}
