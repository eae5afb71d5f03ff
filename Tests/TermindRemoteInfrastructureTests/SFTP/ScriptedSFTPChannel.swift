@testable import TermindRemoteInfrastructure
import Synchronization
import TermindApplication
import TermindTestSupport
import XCTest

/// An in-memory `RemoteProcess` standing in for an `sftp` subsystem channel: the test plays
/// the server, taking the packets the client writes and sending replies (or anything else)
/// back on stdout.
final class ScriptedSFTPChannel: RemoteProcess {
    struct NoRequest: Error, CustomStringConvertible {
        var description: String { "the client sent no request in time" }
    }

    private struct State {
        var framer = SFTPFramer()
        var received: [[UInt8]] = []
        var waiter: CheckedContinuation<[UInt8]?, Never>?
        var closed = false
        /// Every request the client sent, decoded, in order.
        var log: [SFTPRequest] = []
        /// How many writes the client made.
        var writes = 0
        /// Writes fail while the output goes on (a channel whose sending side broke).
        var refusing = false
    }

    let output: AsyncThrowingStream<RemoteOutput, any Error>
    private let outputContinuation: AsyncThrowingStream<RemoteOutput, any Error>.Continuation
    private let state = Mutex(State())

    init() {
        (output, outputContinuation) = AsyncThrowingStream<RemoteOutput, any Error>.makeStream()
    }

    // MARK: - RemoteProcess (the client's side)

    func write(_ bytes: [UInt8]) async throws {
        try take(bytes)
    }

    func post(_ bytes: [UInt8], failed: @escaping @Sendable (any Error) -> Void) {
        do {
            try take(bytes)
        } catch {
            failed(error)
        }
    }

    private func take(_ bytes: [UInt8]) throws {
        let handOver = try state.withLock { state throws -> (CheckedContinuation<[UInt8]?, Never>, [UInt8])? in
            guard !state.closed else { throw SSHFailure(.channel, connection: "test-host", detail: "the channel is closed") }
            guard !state.refusing else { throw SSHFailure(.channel, connection: "test-host", detail: "writing failed") }
            state.writes += 1
            state.framer.append(bytes)
            while let packet = try state.framer.next() {
                let whole = Wire.uint32(UInt32(packet.count)) + Array(packet)
                if let (_, request) = try? SFTPRequest.decodeForTest(whole) { state.log.append(request) }
                state.received.append(whole)
            }
            guard let waiter = state.waiter, !state.received.isEmpty else { return nil }
            state.waiter = nil
            return (waiter, state.received.removeFirst())
        }
        if let (waiter, packet) = handOver { waiter.resume(returning: packet) }
    }

    func closeInput() async throws {}

    func close() async {
        let waiter = state.withLock { state -> CheckedContinuation<[UInt8]?, Never>? in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
        outputContinuation.finish()
    }

    // MARK: - The server's side

    var isClosed: Bool { state.withLock { $0.closed } }
    /// Every request the client sent so far.
    var requests: [SFTPRequest] { state.withLock { $0.log } }
    /// From now on every write fails; the output stays open.
    func refuseWrites() { state.withLock { $0.refusing = true } }

    /// How many writes the client made so far (requests sent together come in one).
    var writeCount: Int { state.withLock { $0.writes } }

    /// The next packet the client wrote (with its length), nil once the channel is closed.
    func nextPacket(within limit: Duration = .seconds(5)) async throws -> [UInt8] {
        let timeout = onExpiry(of: limit) { [weak self] in
            let waiter = self?.state.withLock { state -> CheckedContinuation<[UInt8]?, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
        defer { timeout.cancel() }
        let packet = await withCheckedContinuation { (continuation: CheckedContinuation<[UInt8]?, Never>) in
            let ready = state.withLock { state -> [UInt8]?? in
                if !state.received.isEmpty { return .some(state.received.removeFirst()) }
                if state.closed { return .some(nil) }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        guard let packet else { throw NoRequest() }
        return packet
    }

    /// The next request, decoded.
    func nextRequest(within limit: Duration = .seconds(5)) async throws -> (id: UInt32, request: SFTPRequest) {
        try SFTPRequest.decodeForTest(try await nextPacket(within: limit))
    }

    /// Whether the client sends nothing more within `limit`.
    func staysQuiet(for limit: Duration = .milliseconds(200)) async -> Bool {
        (try? await nextPacket(within: limit)) == nil
    }

    func send(_ reply: SFTPReply) {
        outputContinuation.yield(.stdout(reply.encodeForTest()))
    }

    func send(bytes: [UInt8]) {
        outputContinuation.yield(.stdout(bytes))
    }

    func sendVersion(_ version: UInt32 = 3, extensions: [String: String] = [:]) {
        let announced = extensions.sorted { $0.key < $1.key }.map { SFTPVersion.Extension(name: $0.key, data: $0.value) }
        send(bytes: SFTPVersion(version: version, extensions: announced).encodeForTest())
    }

    func exit(status: Int32?) {
        outputContinuation.yield(.exit(status: status, signal: nil))
        outputContinuation.finish()
    }

    func fail(_ error: any Error) {
        outputContinuation.finish(throwing: error)
    }
}
