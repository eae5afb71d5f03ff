import Dispatch
import Foundation
import TermindApplication

/// Copies standard input to a remote command as it is read (`tar c . | termind exec web -- tar
/// x`), then sends EOF. A thread of its own reads (read(2) blocks); at most `chunksInFlight`
/// chunks wait for the channel, so memory stays flat whatever the size and the channel's window
/// paces the reader. A remote command that stops taking input ends the copy without error, as
/// with ssh.
struct StandardInputForwarder: Sendable {
    /// How the copy ended.
    enum Ending: Equatable, Sendable {
        /// Everything was sent, then EOF.
        case endOfInput
        /// The remote side stopped taking input (the command exited, the channel closed), or
        /// the copy was cancelled because the command ended.
        case stopped
        /// Reading standard input failed (EOF was sent after what had been read).
        case readFailed(String)
    }

    static let chunkSize = 256 * 1024
    static let chunksInFlight = 4

    let descriptor: Int32

    init(descriptor: Int32 = STDIN_FILENO) { self.descriptor = descriptor }

    func forward(to process: any RemoteProcess) async -> Ending {
        var stopPipe: [Int32] = [-1, -1]
        guard pipe(&stopPipe) == 0 else { return .readFailed("no pipe to stop the reader: \(String(cString: strerror(errno)))") }
        // Closing the write end wakes the reader's poll (POLLHUP on the read end), which the
        // reader closes itself when it ends: no byte is ever written to a closed pipe.
        defer { close(stopPipe[1]) }
        // Starts at zero and is raised by hand: libdispatch traps when a semaphore is released
        // below the value it was created with, which the reader may leave it at.
        let permits = DispatchSemaphore(value: 0)
        for _ in 0..<Self.chunksInFlight { permits.signal() }
        let chunks = Self.startReader(descriptor: descriptor, stop: stopPipe[0], permits: permits)
        defer {
            // The reader may be waiting for a permit: let it run to its stop check.
            for _ in 0..<Self.chunksInFlight { permits.signal() }
        }

        for await chunk in chunks {
            switch chunk {
            case .bytes(let bytes):
                do { try await process.send(bytes) } catch { return .stopped }
                permits.signal()
            case .end:
                return (try? await process.closeInput()) == nil ? .stopped : .endOfInput
            case .failed(let reason):
                try? await process.closeInput()
                return .readFailed(reason)
            }
        }
        return .stopped  // cancelled
    }

    private enum Chunk: Sendable {
        case bytes([UInt8])
        case end
        case failed(String)
    }

    private static func startReader(descriptor: Int32, stop: Int32, permits: DispatchSemaphore) -> AsyncStream<Chunk> {
        let (stream, continuation) = AsyncStream.makeStream(of: Chunk.self)
        let reader = Thread {
            defer {
                close(stop)
                continuation.finish()
            }
            while true {
                permits.wait()
                var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
                if poll(&watched, 2, -1) < 0 {
                    guard errno == EINTR else {
                        continuation.yield(.failed(String(cString: strerror(errno))))
                        return
                    }
                    permits.signal()
                    continue
                }
                if watched[1].revents != 0 { return }
                let (bytes, ending) = readReady(from: descriptor)
                if !bytes.isEmpty { continuation.yield(.bytes(bytes)) }
                switch ending {
                case .more:
                    if bytes.isEmpty { permits.signal() }
                case .ended:
                    continuation.yield(.end)
                    return
                case .failed(let reason):
                    continuation.yield(.failed(reason))
                    return
                }
            }
        }
        reader.name = "termind-stdin"
        reader.start()
        return stream
    }

    private enum ReadEnding {
        case more
        case ended
        case failed(String)
    }

    /// Reads what `descriptor` has ready, up to a chunk, several reads while they come at once
    /// (a pipe gives 64 KiB a read), so bulk input goes out in few large channel writes and a
    /// keystroke at once. Reads straight into the chunk handed on: no copy, no zeroing.
    private static func readReady(from descriptor: Int32) -> ([UInt8], ReadEnding) {
        var ending = ReadEnding.more
        let bytes = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, filled in
            filled = 0
            while filled < chunkSize {
                if filled > 0 {
                    var more = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    guard poll(&more, 1, 0) > 0 else { return }
                }
                let count = read(descriptor, buffer.baseAddress! + filled, chunkSize - filled)
                if count > 0 {
                    filled += count
                } else if count == 0 {
                    ending = .ended
                    return
                } else if errno == EINTR {
                    continue
                } else if errno == EAGAIN {
                    return  // a non-blocking descriptor with nothing more yet: poll again
                } else {
                    ending = .failed(String(cString: strerror(errno)))
                    return
                }
            }
        }
        return (bytes, ending)
    }
}
