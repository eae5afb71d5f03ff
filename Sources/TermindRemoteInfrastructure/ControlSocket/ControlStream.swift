import Foundation
import Synchronization

/// One end of a control-socket connection (a unix stream socket), as frames. A thread of its
/// own reads (blocking) at most `window` frames ahead of the consumer, so a peer that sends
/// faster than its data is used waits in its socket buffer; writes go in order on a serial
/// queue, so a peer that reads slowly blocks that queue, never a task. Any protocol error ends
/// the reading with `ControlProtocolError`; `close` wakes both sides.
///
/// `Sendable`: its state is behind a `Mutex`; the descriptor is closed when the last user
/// (the reading thread, a queued write, the owner) lets go of it.
final class ControlStream: Sendable {
    private struct State {
        var frames: [ControlFrame] = []
        var end: (any Error)?? = nil
        var waiter: CheckedContinuation<ControlFrame?, any Error>?
        var closed = false
    }

    private enum Step {
        case frame(ControlFrame)
        case end((any Error)?)
        case wait
    }

    /// How many frames are read ahead of the consumer.
    static let window = 8

    let descriptor: Int32
    private let state = Mutex(State())
    private let credits = DispatchSemaphore(value: ControlStream.window)
    private let writes = DispatchQueue(label: "termind.control-socket.write")

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Starts the reading thread.
    func start() {
        let thread = Thread { [self] in readLoop() }
        thread.name = "termind control socket"
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// The next frame; nil once the peer closed cleanly (or `close` was called); throws
    /// `ControlProtocolError` on a malformed frame or the socket's error. One caller at a time.
    func next() async throws -> ControlFrame? {
        try await withCheckedThrowingContinuation { continuation in
            let step: Step = state.withLock { state in
                if !state.frames.isEmpty { return .frame(state.frames.removeFirst()) }
                if let end = state.end { return .end(end) }
                state.waiter = continuation
                return .wait
            }
            switch step {
            case .frame(let frame):
                credits.signal()
                continuation.resume(returning: frame)
            case .end(nil): continuation.resume(returning: nil)
            case .end(let error?): continuation.resume(throwing: error)
            case .wait: break
            }
        }
    }

    /// Writes `frame` whole; throws when the peer is gone.
    func send(_ frame: ControlFrame) async throws {
        try await send([frame])
    }

    /// Writes `frames` whole and together: another task's frames never come between them (one
    /// write cut into data frames stays one write).
    func send(_ frames: [ControlFrame]) async throws {
        let bytes = frames.flatMap(\.encoded)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writes.async { [self] in
                do {
                    try writeAll(bytes)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// `send` without waiting: the frames are written in turn with everyone else's, and
    /// `failed` hears if they could not be.
    func post(_ frames: [ControlFrame], failed: @escaping @Sendable (any Error) -> Void) {
        let bytes = frames.flatMap(\.encoded)
        writes.async { [self] in
            do {
                try writeAll(bytes)
            } catch {
                failed(error)
            }
        }
    }

    /// Ends the connection both ways: the reader sees its end, a pending write fails.
    func close() {
        let first = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        guard first else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        credits.signal()
    }

    // MARK: - The reading thread

    private func readLoop() {
        while true {
            credits.wait()
            if state.withLock({ $0.closed }) { return finish(nil) }
            do {
                guard let frame = try readFrame() else { return finish(nil) }
                deliver(frame)
            } catch {
                return finish(error)
            }
        }
    }

    private func deliver(_ frame: ControlFrame) {
        let waiter: CheckedContinuation<ControlFrame?, any Error>? = state.withLock { state in
            guard let waiter = state.waiter else {
                state.frames.append(frame)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        if let waiter {
            credits.signal()
            waiter.resume(returning: frame)
        }
    }

    private func finish(_ error: (any Error)?) {
        let waiter: CheckedContinuation<ControlFrame?, any Error>? = state.withLock { state in
            if state.end == nil { state.end = .some(error) }
            defer { state.waiter = nil }
            return state.waiter
        }
        if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
    }

    /// One frame, or nil at a clean end between frames.
    private func readFrame() throws -> ControlFrame? {
        var header = [UInt8](repeating: 0, count: ControlFrame.headerSize)
        guard try readExactly(&header, allowEnd: true) else { return nil }
        let (kind, length) = try ControlFrame.header(header)
        var payload = [UInt8](repeating: 0, count: length)
        if length > 0 { _ = try readExactly(&payload, allowEnd: false) }
        return ControlFrame(kind, payload)
    }

    /// Fills `buffer`; false when the peer closed before its first byte and `allowEnd`.
    private func readExactly(_ buffer: inout [UInt8], allowEnd: Bool) throws -> Bool {
        var filled = 0
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { raw in
                Glibc.read(descriptor, raw.baseAddress! + filled, raw.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ControlProtocolError("reading the control socket failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                if filled == 0 && allowEnd { return false }
                throw ControlProtocolError("the peer closed the control socket in the middle of a frame")
            }
            filled += count
        }
        return true
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress! + written, raw.count - written, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ControlProtocolError("writing to the control socket failed: \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }
}
