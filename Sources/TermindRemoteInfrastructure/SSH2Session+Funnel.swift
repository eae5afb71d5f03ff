import CLibSSH2
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one funnel from libssh2 return codes to Swift (swift-nio's `syscall` is the model):
/// `LIBSSH2_ERROR_EAGAIN` means "would block" and leads to a `poll` on the socket in the
/// directions libssh2 asks for; any other negative code becomes an `SSH2Error` carrying
/// libssh2's own message; every wait is bounded by the I/O timeout.
extension SSH2Session {
    /// The live session, or an error saying the session was already disconnected.
    func liveHandle(_ operation: @autoclosure () -> String, kind: SSH2Error.Kind) throws -> OpaquePointer {
        guard let handle else {
            throw SSH2Error(kind: .session, operation: operation(), message: "the session is already disconnected",
                            code: LIBSSH2_ERROR_SOCKET_DISCONNECT, host: host, port: port)
        }
        return handle
    }

    /// Calls `call` until it stops returning `LIBSSH2_ERROR_EAGAIN`, waiting on the socket in
    /// between, and returns its non-negative result.
    @discardableResult
    func perform<Code: BinaryInteger>(
        _ operation: @autoclosure () -> String, kind: SSH2Error.Kind, timeout: Duration? = nil,
        _ call: (OpaquePointer) -> Code
    ) throws -> Code {
        let session = try liveHandle(operation(), kind: kind)
        let wait = SocketWait(start: .now, budget: timeout ?? ioTimeout, interactionAtStart: interactionTime)
        while true {
            let code = call(session)
            if code >= 0 { return code }
            guard code == LIBSSH2_ERROR_EAGAIN else {
                throw failure(operation(), kind: kind, code: Int32(truncatingIfNeeded: code))
            }
            try waitForSocket(wait, operation(), kind: kind)
        }
    }

    /// Like `perform` for calls that return a pointer, or NULL with the error in
    /// `libssh2_session_last_errno` (channel opens).
    func performReturningPointer<Pointer>(
        _ operation: @autoclosure () -> String, kind: SSH2Error.Kind, timeout: Duration? = nil,
        _ call: (OpaquePointer) -> Pointer?
    ) throws -> Pointer {
        let session = try liveHandle(operation(), kind: kind)
        let wait = SocketWait(start: .now, budget: timeout ?? ioTimeout, interactionAtStart: interactionTime)
        while true {
            if let pointer = call(session) { return pointer }
            let code = libssh2_session_last_errno(session)
            guard code == LIBSSH2_ERROR_EAGAIN else { throw failure(operation(), kind: kind, code: code) }
            try waitForSocket(wait, operation(), kind: kind)
        }
    }

    /// When a wait started and how long it may take, not counting time spent in responders.
    struct SocketWait {
        let start: ContinuousClock.Instant
        let budget: Duration
        let interactionAtStart: Duration

        func remaining(interactionTime: Duration) -> Duration {
            let deadline = start.advanced(by: budget + (interactionTime - interactionAtStart))
            return ContinuousClock.now.duration(to: deadline)
        }
    }

    /// Polls the socket in the directions libssh2 is blocked on, until it is ready or the wait's
    /// time runs out (a `.timeout` error).
    func waitForSocket(_ wait: SocketWait, _ operation: @autoclosure () -> String, kind: SSH2Error.Kind) throws {
        let session = try liveHandle(operation(), kind: kind)
        guard socketDescriptor >= 0 else {
            throw failure(operation(), kind: .disconnected, code: LIBSSH2_ERROR_SOCKET_DISCONNECT, fallback: "the socket is closed")
        }
        while true {
            try interruption?.check()
            let remaining = wait.remaining(interactionTime: interactionTime)
            guard remaining > .zero else {
                throw SSH2Error(kind: .timeout, operation: operation(),
                                message: "no answer from the server within \(wait.budget.secondsText)",
                                code: LIBSSH2_ERROR_TIMEOUT, host: host, port: port)
            }
            if try pollSocket(session: session, timeout: remaining) { return }
        }
    }

    /// One `poll` on the socket for the directions libssh2 wants; true when it is ready (or in
    /// error, which libssh2 will then report), false when `timeout` passed. With an
    /// `interruption`, its descriptor is polled too; when only that one is readable, this
    /// returns false (the caller's loop runs `check` next).
    func pollSocket(session: OpaquePointer, timeout: Duration) throws -> Bool {
        let directions = libssh2_session_block_directions(session)
        var events: Int32 = 0
        if directions & LIBSSH2_SESSION_BLOCK_INBOUND != 0 { events |= POLLIN }
        if directions & LIBSSH2_SESSION_BLOCK_OUTBOUND != 0 { events |= POLLOUT }
        if events == 0 { events = POLLIN }
        var descriptors = [pollfd(fd: socketDescriptor, events: Int16(events), revents: 0)]
        if let interruption { descriptors.append(pollfd(fd: interruption.descriptor, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout.pollMilliseconds)
        if ready < 0 {
            if errno == EINTR { return false }
            throw SSH2Error(kind: .session, operation: "poll", message: String(cString: strerror(errno)), code: errno,
                            host: host, port: port)
        }
        return descriptors[0].revents != 0
    }

    /// An `SSH2Error` for `code` with libssh2's last message; socket losses become
    /// `.disconnected` and libssh2 timeouts `.timeout` whatever the operation.
    func failure(_ operation: String, kind: SSH2Error.Kind, code: Int32, fallback: String = "") -> SSH2Error {
        var message = fallback
        if let handle {
            var text: UnsafeMutablePointer<CChar>?
            var length: Int32 = 0
            if libssh2_session_last_error(handle, &text, &length, 0) != 0, let text, length > 0 {
                message = String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self)
            }
        }
        let refined: SSH2Error.Kind
        switch code {
        case LIBSSH2_ERROR_SOCKET_DISCONNECT, LIBSSH2_ERROR_SOCKET_RECV, LIBSSH2_ERROR_SOCKET_SEND:
            refined = .disconnected
        case LIBSSH2_ERROR_TIMEOUT, LIBSSH2_ERROR_SOCKET_TIMEOUT:
            refined = .timeout
        default:
            refined = kind
        }
        return SSH2Error(kind: refined, operation: operation, message: message, code: code, host: host, port: port)
    }
}

extension Duration {
    /// "30 s", "0.5 s": for messages.
    var secondsText: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return "\(seconds) s" }
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return "\((value * 1000).rounded() / 1000) s"
    }
}
