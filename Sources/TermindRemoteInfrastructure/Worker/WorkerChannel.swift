import TermindApplication

/// One `session` channel the worker owns: an exec channel, a PTY shell or a subsystem (SFTP).
/// Holds the transport's channel, the output on its way to the reader, the standard input waiting
/// to be written, and where the channel is in its life.
///
/// Confined to the worker thread; not `Sendable`. The continuations it holds are resumed by the
/// worker, or failed by it when the connection ends.
final class WorkerChannel {
    /// Where the channel is in its life.
    enum Phase: Equatable {
        /// Open and running: read, written, resized.
        case running
        /// The remote side sent EOF and all its data was read; waiting for its close, which
        /// carries the exit status before it.
        case awaitingClose
        /// `.exit` delivered, or closed from this side: the loop closes and frees it.
        case closing
    }

    /// Bytes waiting to be written to the channel's standard input, and who waits for them
    /// (nobody for bytes `send` queued: their sender waits only for room).
    struct PendingWrite {
        let bytes: [UInt8]
        var offset = 0
        let continuation: CheckedContinuation<Void, any Error>?
        /// Who hears a failure of a posted write, which no one waits for.
        var failed: (@Sendable (any Error) -> Void)? = nil
    }

    /// Queued input beyond which `send` waits for room: a few channel windows' worth, so the
    /// worker always has the next bytes at hand while memory stays bounded.
    static let sendHighWater = 1 << 20

    /// How a channel is opened and read: its receive window and largest packet (what libssh2
    /// asks the server for), and how much one read takes.
    struct Sizing {
        let window: UInt32
        let maximumPacket: UInt32
        /// Bytes asked of libssh2 in one read; beyond the loop's shared 32 KiB buffer, the
        /// channel reads into a buffer of its own.
        let readSize: Int
        /// The output's flow-control marks.
        let highWater: Int
        let lowWater: Int

        /// libssh2's defaults (`LIBSSH2_CHANNEL_WINDOW_DEFAULT`, `…_PACKET_DEFAULT`): a 2 MiB
        /// window, 32 KiB packets.
        static let standard = Sizing(
            window: 2 << 20, maximumPacket: 32_768,
            readSize: 32_768, highWater: ChannelOutput.highWater, lowWater: ChannelOutput.lowWater)

        /// For bulk transfers (SFTP): a 2 MiB window (OpenSSH's and curl's), 32 KiB packets
        /// (what OpenSSH sends), 256 KiB reads, and an output that buffers up to 8 MiB before
        /// the worker stops reading. The window bounds more than the server: libssh2 1.10's
        /// channel read takes every packet the socket holds before it returns, so with a
        /// 16 MiB window a server faster than this client's decryption kept the worker inside
        /// one read for up to 16 MiB while the transfer waited for it (downloads stalled for
        /// seconds; 256 MiB took 4.5-5.2 s against 2.1-3.5 s with 1-2 MiB, under load).
        static let bulk = Sizing(
            window: 2 << 20, maximumPacket: 32_768, readSize: 256 << 10, highWater: 8 << 20, lowWater: 2 << 20)
    }

    let id: Int
    /// What it is, for messages and logs: "command `mysql …`" (arguments left out), "shell", "the sftp subsystem".
    let purpose: String
    let sizing: Sizing
    /// The channel's own read buffer when `sizing.readSize` is beyond the loop's shared one:
    /// raw memory, allocated on the first read and freed with the channel (an array here was
    /// copied on write at every read: a 256 KiB copy and fresh pages each time).
    private var ownReadBuffer: UnsafeMutableBufferPointer<UInt8>?
    /// The transport's channel; nil until opened, and after it was freed (also by the session).
    var remote: (any WorkerTransportChannel)?
    let output: ChannelOutput
    var phase = Phase.running
    var outbound: [PendingWrite] = []
    /// Bytes in `outbound` not yet written.
    var queuedBytes = 0
    /// `send` calls waiting for `queuedBytes` to drop below `sendHighWater`.
    var roomWaiters: [CheckedContinuation<Void, any Error>] = []
    /// `closeInput` calls waiting for the EOF to be sent after the pending writes.
    var eofWaiters: [CheckedContinuation<Void, any Error>] = []
    var eofSent = false
    /// The newest size asked for and not yet sent; a window-change operation takes it.
    var pendingSize: TerminalSize?
    /// Whether a window-change operation is queued or running.
    var resizeQueued = false
    /// A PTY channel's input pacing (nil for other channels), and when its tighter limit
    /// lapses while input waits for it.
    var pacing: TerminalInputPacing?
    var pacedUntil: ContinuousClock.Instant?
    /// `close()` calls waiting for the channel's close to be sent.
    var closeWaiters: [CheckedContinuation<Void, any Error>] = []
    /// The close is sent; the channel can be freed.
    var closeDone = false
    /// An exec without a PTY: closing it before its command ended sends the command a signal
    /// first (sshd hangs up a PTY's processes itself, but leaves a plain command running).
    var signalsOnClose = false
    /// The signal sent before the close is queued or waits for its answer; the close waits.
    var signalling = false

    init(id: Int, purpose: String, output: ChannelOutput, sizing: Sizing = .standard) {
        self.id = id
        self.purpose = purpose
        self.output = output
        self.sizing = sizing
    }

    deinit {
        ownReadBuffer?.deallocate()
    }

    /// The channel's own read buffer, `sizing.readSize` bytes.
    var readBuffer: UnsafeMutableBufferPointer<UInt8> {
        if let ownReadBuffer { return ownReadBuffer }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: sizing.readSize)
        ownReadBuffer = buffer
        return buffer
    }

    /// Whether the worker should read the channel now.
    var wantsReading: Bool { phase == .running && remote != nil && !output.isPaused }

    /// Runs a request on the opened channel.
    func request(_ body: (any WorkerTransportChannel) -> SSH2Result<Void>) -> SSH2Result<Void> {
        guard let remote else { return .failed(.channelGone) }
        return body(remote)
    }

    /// Fails every write and EOF still waiting (the channel or connection ended).
    func failPending(_ failure: SSHFailure) {
        let writes = outbound
        let eofs = eofWaiters + roomWaiters
        outbound = []
        queuedBytes = 0
        eofWaiters = []
        roomWaiters = []
        for write in writes {
            write.continuation?.resume(throwing: failure)
            write.failed?(failure)
        }
        for waiter in eofs { waiter.resume(throwing: failure) }
    }

    /// Lets `send` callers go on once the queue has room again.
    func resumeRoomWaiters() {
        guard queuedBytes < Self.sendHighWater, !roomWaiters.isEmpty else { return }
        let waiters = roomWaiters
        roomWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Resumes everyone waiting for the channel to close.
    func finishClosing() {
        let waiters = closeWaiters
        closeWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
