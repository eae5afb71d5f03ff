import CLibSSH2

/// A libssh2 call's failure: its code and libssh2's own message, and the one place that says
/// what a code means: whether it would block, whether it ends the connection (transport,
/// crypto, socket) or only the channel or request it came from, and which `SSH2Error.Kind`
/// (and so which words and advice) it is told with.
///
/// A value; safe to pass between threads. libssh2's messages never hold a secret.
struct SSH2Fault: Error, Sendable, Equatable {
    /// libssh2's error code (negative).
    let code: Int32
    /// libssh2's message (`libssh2_session_last_error`), or Termind's when libssh2 has none.
    let message: String

    /// The result of a call that returned `code` (a count or 0 when not negative), reading
    /// the session's message and block directions only when they matter.
    @inline(__always)
    static func result(
        of code: Int, blocking: () -> SSH2Blocking, message: (Int32) -> String
    ) -> SSH2Result<Int> {
        if code >= 0 { return .done(code) }
        let code = Int32(truncatingIfNeeded: code)
        switch code {
        case LIBSSH2_ERROR_EAGAIN: return .wouldBlock(blocking())
        case LIBSSH2_ERROR_BAD_USE: return .wouldBlock(.behindHalfSentPacket)
        default: return .failed(SSH2Fault(code: code, message: message(code)))
        }
    }

    /// Whether the session cannot go on after this failure: the connection is lost.
    var endsConnection: Bool {
        switch SSH2ErrorCode(rawValue: code) {
        case .socketNone, .bannerReceive, .bannerSend, .invalidMAC, .kexFailure, .alloc, .socketSend, .keyExchangeFailure,
             .timeout, .hostKeyInit, .hostKeySign, .decrypt, .socketDisconnect, .proto, .socketTimeout, .socketReceive,
             .encrypt, .badSocket,
             // -41: a packet over libssh2 1.10's 40,000-byte limit (`TerminalInputPacing`).
             .outOfBoundary:
            true
        default:
            false
        }
    }

    /// The kind this failure is told with: socket losses are `.disconnected` and libssh2's
    /// timeouts `.timeout` whatever was being done; anything else is `otherwise`.
    func kind(otherwise: SSH2Error.Kind) -> SSH2Error.Kind {
        switch SSH2ErrorCode(rawValue: code) {
        case .socketDisconnect, .socketReceive, .socketSend:
            .disconnected
        case .timeout, .socketTimeout:
            .timeout
        default:
            otherwise
        }
    }

    /// This failure as the error a person reads: what was being done, where, libssh2's message
    /// and what to do.
    func error(_ operation: String, kind: SSH2Error.Kind, host: String, port: Int) -> SSH2Error {
        SSH2Error(kind: self.kind(otherwise: kind), operation: operation, message: message, code: code, host: host, port: port)
    }

    /// A call made on a channel that was already freed, or on a session already disconnected.
    static let channelGone = SSH2Fault(code: LIBSSH2_ERROR_CHANNEL_CLOSED, message: "the channel is already closed")
    static let sessionGone = SSH2Fault(code: LIBSSH2_ERROR_SOCKET_DISCONNECT, message: "the session is already disconnected")
}
