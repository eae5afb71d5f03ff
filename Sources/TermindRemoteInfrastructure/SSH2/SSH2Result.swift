/// What one non-blocking libssh2 call came to: its value, "would block" with what it waits
/// for, or a failure. The wrappers (`SSH2Session`, `SSH2Channel`) turn every return code into
/// one of these through `SSH2Fault.result(of:)`, the one classification; the worker loop
/// decides what to do with each (`WorkerLoop.check`).
enum SSH2Result<Value> {
    case done(Value)
    case wouldBlock(SSH2Blocking)
    case failed(SSH2Fault)
}

/// Why a non-blocking libssh2 call would block: the socket directions libssh2 waits for
/// (`libssh2_session_block_directions` after `LIBSSH2_ERROR_EAGAIN`), or another call's
/// half-sent packet (`LIBSSH2_ERROR_BAD_USE`).
struct SSH2Blocking: OptionSet, Sendable {
    let rawValue: UInt8

    /// libssh2 waits to read from the socket.
    static let inbound = SSH2Blocking(rawValue: 1)
    /// libssh2 waits to write to the socket: it holds a half-sent packet of this call's, so
    /// the next libssh2 call must be this same call again.
    static let outbound = SSH2Blocking(rawValue: 2)
    /// libssh2 holds a half-sent packet of another call's, which that call must finish first.
    static let behindHalfSentPacket = SSH2Blocking(rawValue: 4)
}
