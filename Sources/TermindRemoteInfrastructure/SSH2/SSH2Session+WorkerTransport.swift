import CLibSSH2

/// The session as the worker loop drives it once established: channel opens and keepalives
/// as non-blocking calls returning `SSH2Result`s.
extension SSH2Session: WorkerTransport {
    var serverBanner: String? {
        guard let handle, let banner = libssh2_session_banner_get(handle) else { return nil }
        return String(cString: banner)
    }

    func openSessionChannel(window: UInt32, maximumPacket: UInt32) -> SSH2Result<any WorkerTransportChannel> {
        guard let handle else { return .failed(.sessionGone) }
        return opened(termind_ssh2_channel_open_session_window(handle, window, maximumPacket))
    }

    func openDirectTCPIP(host: String, port: Int) -> SSH2Result<any WorkerTransportChannel> {
        guard let handle else { return .failed(.sessionGone) }
        return opened(termind_ssh2_channel_direct_tcpip(handle, host, Int32(clamping: port)))
    }

    /// How many `forwarded-tcpip` channels libssh2 1.10 keeps waiting for `accept` per listener.
    /// One read of the socket takes every channel open the server sent, and past this bound
    /// libssh2 answers the rest "resource shortage": the server resets those connections (with
    /// 64, a burst of 200 lost a third). `ssh -R` takes every one, so the bound is far above any
    /// burst a listen backlog lets through, yet still a bound: a server flooding opens cannot make
    /// this side hold channels without end (0 would mean no bound at all).
    static let pendingForwardedChannels: Int32 = 4_096

    func listenRemote(host: String, port: Int) -> SSH2Result<(listener: any WorkerTransportListener, port: Int)> {
        guard let handle else { return .failed(.sessionGone) }
        var bound: Int32 = 0
        switch result(libssh2_channel_forward_listen_ex(handle, host, Int32(clamping: port), &bound, Self.pendingForwardedChannels)) {
        case .done(let pointer): return .done((SSH2Listener(session: self, pointer: pointer), Int(bound)))
        case .wouldBlock(let blocking): return .wouldBlock(blocking)
        case .failed(let fault): return .failed(fault)
        }
    }

    private func opened(_ pointer: OpaquePointer?) -> SSH2Result<any WorkerTransportChannel> {
        switch result(pointer) {
        case .done(let pointer): .done(SSH2Channel(session: self, pointer: pointer))
        case .wouldBlock(let blocking): .wouldBlock(blocking)
        case .failed(let fault): .failed(fault)
        }
    }

    func probe() -> SSH2Result<Void> {
        guard let handle else { return .failed(.sessionGone) }
        switch result(termind_ssh2_channel_open_probe(handle)) {
        case .done(let pointer):
            // A server that opens a channel of a type it cannot know: it answered; give it back.
            _ = libssh2_channel_free(pointer)
            return .done(())
        case .wouldBlock(let blocking):
            return .wouldBlock(blocking)
        case .failed(let fault) where fault.code == LIBSSH2_ERROR_CHANNEL_FAILURE:
            return .done(())  // the refusal is the answer
        case .failed(let fault) where fault.code == LIBSSH2_ERROR_TIMEOUT:
            // libssh2 gave up waiting (60 s) and forgot the open: the next call sends another,
            // and the loop's count of unanswered keepalives decides when the peer is lost.
            return .wouldBlock(.inbound)
        case .failed(let fault):
            return .failed(fault)
        }
    }
}
