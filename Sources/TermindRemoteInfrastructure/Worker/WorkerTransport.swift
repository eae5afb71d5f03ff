import TermindApplication

/// What the worker loop drives once a session is established: opening channels, keepalives,
/// the socket to poll, and what the loop reports to people. Every call is non-blocking and
/// returns an `SSH2Result`. The production conformance is `SSH2Session` (with `SSH2Channel`);
/// the tests drive the loop with a fake, without a server.
///
/// Confined to the worker thread, like the loop.
protocol WorkerTransport: AnyObject {
    /// The server, for messages.
    var host: String { get }
    var port: Int { get }
    /// The socket the loop polls; -1 once there is none.
    var socketDescriptor: Int32 { get }
    /// The server's SSH identification string, once known.
    var serverBanner: String? { get }
    /// Bytes the server reported writing to a terminal in `SSH_MSG_IGNORE`s (its simulated
    /// echo), and when the last one came (`TerminalInputPacing`).
    var simulatedEchoBytes: UInt64 { get }
    var lastSimulatedEcho: ContinuousClock.Instant? { get }

    /// Opens a `session` channel asking for this receive window and largest packet.
    func openSessionChannel(window: UInt32, maximumPacket: UInt32) -> SSH2Result<any WorkerTransportChannel>
    /// Opens a `direct-tcpip` channel to `host:port`.
    func openDirectTCPIP(host: String, port: Int) -> SSH2Result<any WorkerTransportChannel>
    /// Asks the server to listen on `host:port` (`tcpip-forward`); `port` 0 lets it choose,
    /// and the port it bound comes back.
    func listenRemote(host: String, port: Int) -> SSH2Result<(listener: any WorkerTransportListener, port: Int)>
    /// The keepalive: a request the server must answer (the open of a channel type it does not
    /// know), whose own wait reads the answer; would block until the answer came.
    func probe() -> SSH2Result<Void>
    /// Says goodbye, frees the session with every channel still on it and closes the socket.
    func disconnect()
}

/// One stream of a channel's output.
enum ChannelStream {
    case stdout
    case stderr
}

/// One channel as the worker loop drives it: the requests that start it, its reads and writes,
/// and its end. Every call is non-blocking and returns an `SSH2Result`.
///
/// Confined to the worker thread.
protocol WorkerTransportChannel: AnyObject {
    func setEnvironment(_ name: String, to value: String) -> SSH2Result<Void>
    func requestPTY(term: String, size: TerminalSize) -> SSH2Result<Void>
    func startShell() -> SSH2Result<Void>
    func exec(_ command: String) -> SSH2Result<Void>
    func startSubsystem(_ name: String) -> SSH2Result<Void>
    /// Sends a `signal` request (`TERM`, without "SIG"). Once it is sent it would block waiting
    /// for the server's answer, which nobody needs: that counts as sent.
    func signal(_ name: String) -> SSH2Result<Void>
    /// A `window-change` request.
    func changeWindow(to size: TerminalSize) -> SSH2Result<Void>

    /// Reads up to `buffer.count` bytes of `stream`; `.done(0)` when nothing is there (see
    /// `receivedEOF`). Reading gives the server window back.
    func read(_ stream: ChannelStream, into buffer: UnsafeMutableRawBufferPointer) -> SSH2Result<Int>
    /// Lets the session read what the server sent (window adjustments, requests, other
    /// channels' data) without taking this channel's data or granting the server new window.
    func processIncoming() -> SSH2Result<Void>
    /// The window the server has been granted and this side has not yet read.
    var receiveWindow: UInt64 { get }
    /// Grants the server `bytes` more window at once (a window adjustment).
    func growReceiveWindow(by bytes: UInt32) -> SSH2Result<Void>
    /// Whether data of this channel waits already read from the socket: `poll` would not
    /// announce it.
    var hasBufferedData: Bool { get }
    /// The remote side sent EOF and all its data has been read.
    var receivedEOF: Bool { get }

    /// Writes up to `bytes.count` bytes; `.done(0)` when the send window is full.
    func write(_ bytes: UnsafeRawBufferPointer) -> SSH2Result<Int>
    /// Bytes the server lets this side send now (its window).
    var sendWindow: UInt64 { get }
    func sendEOF() -> SSH2Result<Void>

    /// Waits (non-blocking) for the server's close, which the exit status comes just before.
    func waitClosed() -> SSH2Result<Void>
    /// The exit status the server sent (0 when none came) and the signal that killed the
    /// command, if one did.
    var exitStatus: Int32 { get }
    var exitSignal: String? { get }
    /// Sends this side's close. libssh2 1.10 finishes only once some later packet arrived.
    func close() -> SSH2Result<Void>
    /// Frees the channel; no call is made on it afterwards.
    func free() -> SSH2Result<Void>
}

/// A listener on the server (`tcpip-forward`): the channels it opens for the connections it
/// takes, one `accept` at a time. Confined to the worker thread.
protocol WorkerTransportListener: AnyObject {
    /// The next `forwarded-tcpip` channel; would block while none waits.
    func accept() -> SSH2Result<any WorkerTransportChannel>
    /// Stops the server's listening (`cancel-tcpip-forward`).
    func cancel() -> SSH2Result<Void>
}
