import CLibSSH2
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one funnel from libssh2 return codes to Swift (swift-nio's `syscall` is the model):
/// every code becomes an `SSH2Result` through `SSH2Fault.result(of:)`: a value, "would block"
/// with the directions libssh2 waits for, or an `SSH2Fault` carrying libssh2's own message.
/// The worker loop takes those results as they are; the blocking steps of connecting
/// (`perform`) `poll` the socket in those directions and retry, each wait bounded by the I/O
/// timeout.
extension SSH2Session {
    /// `code`, classified; the message and block directions are read from this session.
    @inline(__always)
    func result(_ code: Int) -> SSH2Result<Int> {
        SSH2Fault.result(of: code, blocking: { blockDirections() }, message: { lastErrorMessage(code: $0) })
    }

    /// `code` of a call that returns no count, classified.
    @inline(__always)
    func result(_ code: Int32) -> SSH2Result<Void> {
        switch result(Int(code)) {
        case .done: .done(())
        case .wouldBlock(let blocking): .wouldBlock(blocking)
        case .failed(let fault): .failed(fault)
        }
    }

    /// The result of a call that returns a pointer, or NULL with its code in
    /// `libssh2_session_last_errno` (channel opens).
    func result<Pointer>(_ pointer: Pointer?) -> SSH2Result<Pointer> {
        if let pointer { return .done(pointer) }
        guard let handle else { return .failed(.sessionGone) }
        switch result(Int(libssh2_session_last_errno(handle))) {
        case .done: return .failed(SSH2Fault(code: LIBSSH2_ERROR_CHANNEL_FAILURE, message: lastErrorMessage(code: LIBSSH2_ERROR_CHANNEL_FAILURE)))
        case .wouldBlock(let blocking): return .wouldBlock(blocking)
        case .failed(let fault): return .failed(fault)
        }
    }

    /// The socket directions libssh2 waits for after `LIBSSH2_ERROR_EAGAIN`.
    func blockDirections() -> SSH2Blocking {
        guard let handle else { return [] }
        let directions = libssh2_session_block_directions(handle)
        var blocking: SSH2Blocking = []
        if directions & LIBSSH2_SESSION_BLOCK_INBOUND != 0 { blocking.insert(.inbound) }
        if directions & LIBSSH2_SESSION_BLOCK_OUTBOUND != 0 { blocking.insert(.outbound) }
        return blocking
    }

    /// libssh2's message for the last failure, or a plain one naming `code`.
    func lastErrorMessage(code: Int32, fallback: String = "") -> String {
        if let handle {
            var text: UnsafeMutablePointer<CChar>?
            var length: Int32 = 0
            if libssh2_session_last_error(handle, &text, &length, 0) != 0, let text, length > 0 {
                return String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self)
            }
        }
        return fallback
    }

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
            switch result(Int(code)) {
            case .done:
                return code
            case .wouldBlock(let blocking) where !blocking.contains(.behindHalfSentPacket):
                try waitForSocket(wait, operation(), kind: kind)
            case .wouldBlock, .failed:
                throw failure(operation(), kind: kind, code: Int32(truncatingIfNeeded: code))
            }
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
            switch result(call(session)) {
            case .done(let pointer):
                return pointer
            case .wouldBlock(let blocking) where !blocking.contains(.behindHalfSentPacket):
                try waitForSocket(wait, operation(), kind: kind)
            case .wouldBlock:
                throw failure(operation(), kind: kind, code: LIBSSH2_ERROR_BAD_USE)
            case .failed(let fault):
                throw fault.error(operation(), kind: kind, host: host, port: port)
            }
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
        _ = try liveHandle(operation(), kind: kind)
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
            if try pollSocket(timeout: remaining) { return }
        }
    }

    /// One `poll` on the socket for the directions libssh2 wants; true when it is ready (or in
    /// error, which libssh2 will then report), false when `timeout` passed. With an
    /// `interruption`, its descriptor is polled too; when only that one is readable, this
    /// returns false (the caller's loop runs `check` next).
    func pollSocket(timeout: Duration) throws -> Bool {
        let directions = blockDirections()
        var events: Int32 = 0
        if directions.contains(.inbound) { events |= POLLIN }
        if directions.contains(.outbound) { events |= POLLOUT }
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

    /// An `SSH2Error` for `code` with libssh2's last message, told as `SSH2Fault` says.
    func failure(_ operation: String, kind: SSH2Error.Kind, code: Int32, fallback: String = "") -> SSH2Error {
        SSH2Fault(code: code, message: lastErrorMessage(code: code, fallback: fallback))
            .error(operation, kind: kind, host: host, port: port)
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
