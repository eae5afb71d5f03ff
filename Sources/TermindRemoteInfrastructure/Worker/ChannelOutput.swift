import Synchronization
import TermindApplication

/// The output of one channel on its way from the connection worker to whoever reads it, with
/// flow control: the worker appends what it reads (`yield`), and once more than `highWater`
/// bytes wait unread it stops reading the channel, so the SSH window fills and the server stops
/// sending. When the reader has taken the buffer down to `lowWater`, `wake` tells the worker to
/// read again. Memory per channel stays bounded by `highWater` plus the channel's window
/// (libssh2's 2 MiB by default). A channel that carries bulk data (SFTP) sets higher marks, so
/// a reader that takes a moment does not stall the server.
///
/// `stream` is pull-based (`AsyncThrowingStream(unfolding:)`): each element is taken from this
/// buffer when the reader asks for it. Read it from one task at a time.
///
/// `Sendable`: all state is behind a `Mutex`; the worker thread and the reading task meet only
/// there, and continuations are resumed outside the lock.
final class ChannelOutput: Sendable {
    /// Bytes buffered before the worker stops reading the channel, by default.
    static let highWater = 1 << 20
    /// Bytes buffered at or below which a paused channel is read again, by default.
    static let lowWater = 256 << 10

    /// This output's marks.
    let highWaterMark: Int
    let lowWaterMark: Int

    private enum Ending {
        case finished
        case failed(any Error)
    }

    private struct State {
        var elements: [RemoteOutput] = []
        var head = 0
        var bytes = 0
        var ending: Ending?
        var waiter: CheckedContinuation<RemoteOutput?, any Error>?
        var paused = false
    }

    private let state = Mutex(State())
    private let wake: @Sendable () -> Void

    /// - Parameters:
    ///   - wake: called (from the reading task) when a paused channel may be read again.
    ///   - highWater: bytes buffered before the worker stops reading the channel.
    ///   - lowWater: bytes buffered at or below which a paused channel is read again.
    init(wake: @escaping @Sendable () -> Void, highWater: Int = ChannelOutput.highWater, lowWater: Int = ChannelOutput.lowWater) {
        self.wake = wake
        self.highWaterMark = highWater
        self.lowWaterMark = lowWater
    }

    /// The elements in order; finishes after `.exit` or when the channel is closed from this
    /// side, and throws the failure the worker ended it with (`SSHFailure(.dropped)`...).
    var stream: AsyncThrowingStream<RemoteOutput, any Error> { stream(retaining: nil) }

    /// The same, keeping `owner` (the connection) alive for as long as the stream is, so a
    /// caller that keeps only the stream does not close the connection under it.
    func stream(retaining owner: (any Sendable & AnyObject)?) -> AsyncThrowingStream<RemoteOutput, any Error> {
        AsyncThrowingStream(unfolding: { [self, owner] in
            _ = owner
            return try await next()
        })
    }

    // MARK: - The worker's side

    /// Appends `element` (dropped if the output has already ended). Returns false when the
    /// reader has fallen `highWaterMark` bytes behind: the worker should stop reading the channel
    /// until `isPaused` is false again.
    @discardableResult
    func yield(_ element: RemoteOutput) -> Bool {
        let (waiter, keepReading) = state.withLock { state -> (CheckedContinuation<RemoteOutput?, any Error>?, Bool) in
            guard state.ending == nil else { return (nil, true) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, true)
            }
            state.elements.append(element)
            state.bytes += Self.size(of: element)
            if state.bytes >= highWaterMark { state.paused = true }
            return (nil, !state.paused)
        }
        waiter?.resume(returning: element)
        return keepReading
    }

    /// Whether the worker should leave the channel unread until the reader catches up.
    var isPaused: Bool { state.withLock { $0.paused } }

    /// Whether a reader waits in `next()` now.
    var hasWaitingReader: Bool { state.withLock { $0.waiter != nil } }

    /// Ends the output once what is buffered has been read: normally, or with `error`.
    /// Later calls are ignored.
    func finish(throwing error: (any Error)? = nil) {
        let waiter = state.withLock { state -> CheckedContinuation<RemoteOutput?, any Error>? in
            guard state.ending == nil else { return nil }
            state.paused = false
            let waiter = state.waiter
            state.waiter = nil
            // A waiting reader (whose buffer is empty) gets the ending now; otherwise the buffered
            // elements come first and the failure after them, once.
            if let error, waiter == nil { state.ending = .failed(error) } else { state.ending = .finished }
            return waiter
        }
        if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
    }

    /// Whether `finish` has been called.
    var hasEnded: Bool { state.withLock { $0.ending != nil } }

    /// Whether `next()` would answer at once: an element or the ending is there.
    var hasBuffered: Bool { state.withLock { $0.head < $0.elements.count || $0.ending != nil } }

    // MARK: - The reader's side

    private enum Taken {
        case element(RemoteOutput, resumeWorker: Bool)
        case end
        case failure(any Error)
        case wait
    }

    /// The next element, waiting for the worker if none is buffered; nil at the end.
    func next() async throws -> RemoteOutput? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<RemoteOutput?, any Error>) in
                let taken = state.withLock { state -> Taken in
                    if state.head < state.elements.count {
                        let element = state.elements[state.head]
                        state.head += 1
                        state.bytes -= Self.size(of: element)
                        if state.head == state.elements.count {
                            state.elements.removeAll(keepingCapacity: true)
                            state.head = 0
                        } else if state.head >= 64 && state.head * 2 >= state.elements.count {
                            state.elements.removeFirst(state.head)
                            state.head = 0
                        }
                        let resume = state.paused && state.bytes <= lowWaterMark
                        if resume { state.paused = false }
                        return .element(element, resumeWorker: resume)
                    }
                    switch state.ending {
                    case .finished: return .end
                    case .failed(let error):
                        state.ending = .finished  // thrown once; afterwards the stream is over
                        return .failure(error)
                    case nil:
                        if Task.isCancelled { return .failure(CancellationError()) }
                        state.waiter = continuation
                        return .wait
                    }
                }
                switch taken {
                case .element(let element, let resumeWorker):
                    if resumeWorker { wake() }
                    continuation.resume(returning: element)
                case .end: continuation.resume(returning: nil)
                case .failure(let error): continuation.resume(throwing: error)
                case .wait: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<RemoteOutput?, any Error>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    private static func size(of element: RemoteOutput) -> Int {
        switch element {
        case .stdout(let bytes), .stderr(let bytes): bytes.count
        case .exit: 0
        }
    }
}
