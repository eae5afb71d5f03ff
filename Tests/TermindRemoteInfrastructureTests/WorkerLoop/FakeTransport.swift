@testable import TermindRemoteInfrastructure
import Foundation
import TermindApplication
#if canImport(Glibc)
import Glibc
#endif

/// A `WorkerTransport` without a server: channels whose data, windows and ends a test scripts,
/// keepalives answered the way libssh2 answers them, and one log of every call in order, so a
/// test can see what the worker loop called first. Its "socket" is one end of a socket pair.
///
/// Used on the test's thread only, like the loop it stands under.
final class FakeTransport: WorkerTransport {
    let host = "fake.example"
    let port = 22
    let socketDescriptor: Int32
    /// The other end of the socket pair.
    let peerDescriptor: Int32
    var serverBanner: String? = "SSH-2.0-Fake"
    var simulatedEchoBytes: UInt64 = 0
    var lastSimulatedEcho: ContinuousClock.Instant?

    /// Every call on the transport and its channels, as "open", "read 1 stdout", "write 2"...
    var calls: [String] = []
    /// Channels in the order they were opened.
    private(set) var opened: [FakeTransportChannel] = []
    /// What the next channel opens are told, in order; then they succeed.
    var openResults: [SSH2Result<Void>] = []
    /// A function that shapes each new channel before the loop sees it.
    var prepare: (FakeTransportChannel) -> Void = { _ in }

    private(set) var disconnected = false
    /// When a probe (the keepalive) was first tried, and whether the server answers them.
    private(set) var probesSent: [ContinuousClock.Instant] = []
    /// The loop's clock, which `probesSent` is read from.
    var clock = ClockReader(ContinuousClock())
    var answersProbes = true
    private var probeWaiting = false

    init() throws {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw POSIXError(.EMFILE)
        }
        socketDescriptor = pair[0]
        peerDescriptor = pair[1]
    }

    deinit {
        close(socketDescriptor)
        close(peerDescriptor)
    }

    func openSessionChannel(window: UInt32, maximumPacket: UInt32) -> SSH2Result<any WorkerTransportChannel> {
        open("open session", window: window)
    }

    func openDirectTCPIP(host: String, port: Int) -> SSH2Result<any WorkerTransportChannel> {
        open("open direct-tcpip \(host):\(port)", window: 2 << 20)
    }

    func listenRemote(host: String, port: Int) -> SSH2Result<(listener: any WorkerTransportListener, port: Int)> {
        calls.append("listen \(host):\(port)")
        return .failed(SSH2Fault(code: -22, message: "the fake transport does not listen"))
    }

    private func open(_ call: String, window: UInt32) -> SSH2Result<any WorkerTransportChannel> {
        calls.append(call)
        if !openResults.isEmpty {
            switch openResults.removeFirst() {
            case .done: break
            case .wouldBlock(let blocking): return .wouldBlock(blocking)
            case .failed(let fault): return .failed(fault)
            }
        }
        let channel = FakeTransportChannel(number: opened.count + 1, transport: self, window: UInt64(window))
        prepare(channel)
        opened.append(channel)
        return .done(channel)
    }

    func probe() -> SSH2Result<Void> {
        calls.append("probe")
        if !probeWaiting { probesSent.append(clock.now) }
        guard answersProbes else {
            probeWaiting = true
            return .wouldBlock(.inbound)
        }
        probeWaiting = false
        return .done(())
    }

    func disconnect() {
        disconnected = true
    }
}
