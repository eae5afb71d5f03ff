import Foundation
import TermindApplication
import TermindDomain
#if canImport(Glibc)
import Glibc
#endif

/// One forwarding rule's listener on the worker: a listening socket here (`-L`, `-D`) whose
/// connections go out through `direct-tcpip` channels, or a `tcpip-forward` on the server
/// (`-R`) whose channels are connected to `target` here.
///
/// Confined to the worker thread; not `Sendable`. Owns `descriptor` (closed in `close`).
final class WorkerListener {
    let id: Int
    let rule: ForwardRule
    /// The listening socket of a local or dynamic rule; -1 for a remote rule, or once closed.
    private(set) var descriptor: Int32
    /// The server's listener of a remote rule.
    var remote: (any WorkerTransportListener)?
    /// Where a remote rule's connections go.
    let target: SocketAddress?
    /// `address:port` as bound, for messages.
    var endpoint: String
    /// What the listener's connections carried, read by whoever started it.
    let meter = ForwardMeter()
    /// Paused after the process ran out of file descriptors.
    var backoff = AcceptBackoff()

    /// Whether its connections are taken now: it is open and not paused.
    func isAccepting(at now: ContinuousClock.Instant) -> Bool {
        (descriptor >= 0 || remote != nil) && !backoff.isPaused(at: now)
    }

    init(id: Int, rule: ForwardRule, descriptor: Int32, remote: (any WorkerTransportListener)?, target: SocketAddress?, endpoint: String) {
        self.id = id
        self.rule = rule
        self.descriptor = descriptor
        self.remote = remote
        self.target = target
        self.endpoint = endpoint
    }

    deinit { close() }

    func close() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }
}
