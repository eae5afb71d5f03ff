import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Writes to the outer terminal on a thread of its own, in order: a terminal that reads slowly
/// (an outer tmux, a terminal across a slow link, one that is scrolled back and paused) blocks
/// this thread, never the TUI loop that reads the panes. Every byte handed over is written;
/// the loop decides how many frames it hands over (`FrameScheduler`: one at a time).
///
/// `Sendable`: the descriptor never changes and the writes run on one serial queue.
final class TerminalWriter: Sendable {
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "termind.outer-terminal.output")

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes `bytes` after whatever is already on its way, then calls `written` on the
    /// writer's thread.
    func write(_ bytes: [UInt8], then written: @escaping @Sendable () -> Void) {
        let descriptor = self.descriptor
        queue.async {
            Self.writeAll(bytes, to: descriptor)
            written()
        }
    }

    /// Writes `bytes` after whatever is already on its way and returns once they are written.
    func writeAndWait(_ bytes: [UInt8]) {
        let descriptor = self.descriptor
        queue.sync { Self.writeAll(bytes, to: descriptor) }
    }

    /// Writes all of `bytes`, retrying short writes and interruptions. A terminal that went away
    /// (EIO, EPIPE) is not an error here: the read side sees the hang-up and the loop ends.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && errno == EAGAIN {
                    // Someone made the terminal non-blocking: wait until it takes more.
                    var wanted = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&wanted, 1, -1)
                } else {
                    return
                }
            }
        }
    }
}
