import Foundation
import TermindApplication
import TermindDomain
#if canImport(Glibc)
import Glibc
#endif

/// A connection to a dynamic (`-D`) listener while its SOCKS handshake runs: once the client
/// named its target and the server opened a `direct-tcpip` channel to it, its socket becomes a
/// `WorkerTunnel`'s.
///
/// Confined to the worker thread; not `Sendable`. Owns `descriptor` until `release()`.
final class WorkerSOCKSClient {
    let id: Int
    /// The listener's endpoint, for messages.
    let listener: String
    /// The listener's counters (a bad handshake is its last error).
    let meter: ForwardMeter
    private(set) var descriptor: Int32
    var negotiation = SOCKSNegotiation()
    /// Waiting for the server to open the channel: the socket is not read meanwhile.
    var connecting = false
    /// A handshake not done by then is dropped, so silent clients cannot hold sockets forever.
    let deadline = ContinuousClock.now.advanced(by: WorkerSOCKSClient.handshakeLimit)
    static let handshakeLimit = Duration.seconds(10)

    init(id: Int, listener: String, meter: ForwardMeter, descriptor: Int32) {
        self.id = id
        self.meter = meter
        self.listener = listener
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Sends a short reply on a fresh socket; false when it could not go whole.
    func send(_ bytes: [UInt8]) -> Bool {
        guard descriptor >= 0, !bytes.isEmpty else { return bytes.isEmpty }
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        return sent == bytes.count
    }

    /// Gives the socket away (to a tunnel).
    func release() -> Int32 {
        defer { descriptor = -1 }
        return descriptor
    }

    func close() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }
}
