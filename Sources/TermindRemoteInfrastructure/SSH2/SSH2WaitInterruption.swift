/// Lets the owner of an `SSH2Session` end a wait for the socket early: `descriptor` (the
/// connection worker's wake-up eventfd) is polled together with the socket, and `check` runs
/// before every wait and whenever `descriptor` is readable. `check` throws to end the wait; the
/// error comes out of the libssh2 call that was waiting (a cancelled attempt, a closed worker).
///
/// Created and used on the session's thread only.
struct SSH2WaitInterruption {
    /// Readable when the owner has news; `check` drains it.
    let descriptor: Int32
    /// Throws when the wait must end; returns to keep waiting.
    let check: () throws -> Void
}
