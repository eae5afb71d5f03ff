import CLibSSH2

/// A `tcpip-forward` listener on the server (`ssh -R`) as non-blocking primitives: accepting
/// the channels the server opens for each connection it takes, and cancelling. Holds the
/// `LIBSSH2_LISTENER` until `cancel()` succeeds; the session frees any still held when it goes.
///
/// Confined to its session's thread (the connection worker); not `Sendable`.
final class SSH2Listener: WorkerTransportListener {
    private let session: SSH2Session
    private var pointer: OpaquePointer?

    init(session: SSH2Session, pointer: OpaquePointer) {
        self.session = session
        self.pointer = pointer
    }

    func accept() -> SSH2Result<any WorkerTransportChannel> {
        guard session.isConnected, let pointer else { return .failed(.sessionGone) }
        switch session.result(libssh2_channel_forward_accept(pointer)) {
        case .done(let channel): return .done(SSH2Channel(session: session, pointer: channel))
        case .wouldBlock(let blocking): return .wouldBlock(blocking)
        case .failed(let fault): return .failed(fault)
        }
    }

    func cancel() -> SSH2Result<Void> {
        guard session.isConnected, let pointer else { return .done(()) }
        let result = session.result(libssh2_channel_forward_cancel(pointer))
        if case .wouldBlock = result { return result }
        self.pointer = nil
        return result
    }
}
