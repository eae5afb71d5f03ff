import Foundation
import TermindApplication
#if canImport(Glibc)
import Glibc
#endif

/// A `direct-tcpip` channel to the next hop of a jump chain, bridged to one end of a
/// `socketpair(AF_UNIX, SOCK_STREAM)` whose other end is the next hop's SSH session socket.
/// The worker pumps bytes both ways in its poll loop, holding at most one chunk per direction:
/// while the next hop does not read, this channel is not read either (its SSH window fills),
/// and while the channel's window is full, the socket is not read.
///
/// Confined to the worker thread; not `Sendable`. Owns `localDescriptor` (closed in `close`).
final class WorkerTunnel {
    /// The receive window libssh2 opens a `direct-tcpip` channel with (its default, 2 MiB).
    static let window: UInt32 = 2 << 20

    let id: Int
    /// `host:port` it leads to, for messages.
    let destination: String
    /// The channel; nil until opened, and once freed.
    var remote: (any WorkerTransportChannel)?
    /// This worker's end of the socket pair; -1 once closed.
    private(set) var localDescriptor: Int32
    /// Read from the channel, not yet written to the socket.
    var toLocal: [UInt8] = []
    var toLocalOffset = 0
    /// Read from the socket, not yet written to the channel.
    var toRemote: [UInt8] = []
    var toRemoteOffset = 0
    /// The server sent EOF on the channel (the next hop's server closed).
    var remoteEOF = false
    /// The next hop closed its end of the socket pair.
    var localEOF = false
    /// EOF sent on the channel after `localEOF`.
    var eofSent = false
    /// Being closed and freed.
    var closing = false
    /// The close is sent; the channel can be freed.
    var closeDone = false
    /// A remote rule's socket whose connect has not finished: nothing moves until it has.
    var connecting = false
    /// A forwarded connection's listener counters (nil for a jump host's tunnel); counted open
    /// from `meterOpened()` until its socket closes.
    private(set) var meter: ForwardMeter?
    private var countedOpen = false

    init(id: Int, destination: String, localDescriptor: Int32) {
        self.id = id
        self.destination = destination
        self.localDescriptor = localDescriptor
    }

    deinit { closeLocal() }

    var hasPendingToLocal: Bool { toLocalOffset < toLocal.count }
    var hasPendingToRemote: Bool { toRemoteOffset < toRemote.count }

    /// Whether both directions are over and flushed: the tunnel can be closed.
    var isFinished: Bool {
        if localDescriptor < 0 { return true }
        return remoteEOF && !hasPendingToLocal && localEOF && eofSent
    }

    /// The `poll` events the socket end needs now (0 when it needs none).
    var localEvents: Int16 {
        guard localDescriptor >= 0, !closing else { return 0 }
        if connecting { return Int16(POLLOUT) }
        var events: Int32 = 0
        if !localEOF && !hasPendingToRemote { events |= POLLIN }
        if hasPendingToLocal { events |= POLLOUT }
        return Int16(events)
    }

    /// Counts this forwarded connection as open on `meter` until its socket closes.
    func meterOpened(on meter: ForwardMeter) {
        self.meter = meter
        guard !countedOpen else { return }
        countedOpen = true
        meter.connectionOpened()
    }

    /// Closes this end of the socket pair: the next hop's session sees the connection end.
    func closeLocal() {
        if localDescriptor >= 0 {
            close(localDescriptor)
            localDescriptor = -1
        }
        if countedOpen {
            countedOpen = false
            meter?.connectionClosed()
        }
    }

    /// Tells the next hop no more bytes will come (the server closed its side).
    func shutdownLocalWrites() {
        if localDescriptor >= 0 { shutdown(localDescriptor, Int32(SHUT_WR)) }
    }
}
