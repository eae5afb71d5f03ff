import CLibSSH2
import Foundation
import TermindDomain
#if canImport(Glibc)
import Glibc
#endif

/// One SSH connection through libssh2: owns the TCP socket, the `LIBSSH2_SESSION` and, through
/// it, every channel opened on it. Runs libssh2 in non-blocking mode and waits on the socket with
/// `poll` whenever a call would block, so each wait is bounded by `ioTimeout`.
///
/// Confined to the thread that created it (the connection's worker); not `Sendable`. Every call,
/// including the keyboard-interactive responder, runs on that thread. `disconnect()` (also run by
/// `deinit`) says goodbye, frees the session with its channels and closes the socket.
public final class SSH2Session {
    public let host: String
    public let port: Int
    public let connectTimeout: Duration
    /// How long one libssh2 call may wait for the network. Time a keyboard-interactive responder
    /// spends (a person answering) is not counted.
    public let ioTimeout: Duration

    /// The libssh2 session; nil once disconnected. Internal so the extensions can reach it.
    var handle: OpaquePointer?
    /// The connected socket; -1 once closed.
    var socketDescriptor: Int32
    /// The keyboard-interactive exchange in progress, read by the C callback.
    var keyboardInteractive: SSH2KeyboardInteractiveExchange?
    /// Total time spent in keyboard-interactive responders, excluded from I/O deadlines.
    var interactionTime: Duration = .zero
    /// Set by a connection worker so that its commands (a cancellation, a close) end a wait for
    /// the socket at once instead of after the I/O timeout.
    var interruption: SSH2WaitInterruption?
    /// Bytes the server reported writing to a terminal in `SSH_MSG_IGNORE`s (its simulated
    /// echo), and when the last one came: PTY input is paced by them (`TerminalInputPacing`).
    var simulatedEchoBytes: UInt64 = 0
    var lastSimulatedEcho: ContinuousClock.Instant?

    /// Resolves `host`, connects within `connectTimeout` and prepares a libssh2 session on the
    /// socket. The SSH handshake happens in `handshake(hostKeyAlgorithms:)`.
    public init(
        host: String, port: Int, connectTimeout: Duration = .seconds(10), ioTimeout: Duration = .seconds(30)
    ) throws {
        self.host = host
        self.port = port
        self.connectTimeout = connectTimeout
        self.ioTimeout = ioTimeout
        self.socketDescriptor = -1

        let initialised = SSH2Library.ensureInitialized()
        guard initialised == 0 else {
            throw SSH2Error(kind: .session, operation: "libssh2_init", message: "libssh2 could not initialise its crypto backend",
                            code: initialised, host: host, port: port)
        }
        socketDescriptor = try TCPConnector.connect(host: host, port: port, timeout: connectTimeout)
        try prepareSession()
    }

    /// Prepares a libssh2 session on a descriptor that is already connected to the SSH server:
    /// one end of a socket pair whose other end a jump host's worker bridges to a `direct-tcpip`
    /// channel. `host` and `port` name the server the tunnel leads to, for messages. The session
    /// owns the descriptor from here on (closed by `disconnect()`, also when this throws) and makes
    /// it non-blocking.
    public init(host: String, port: Int, connectedDescriptor: Int32, ioTimeout: Duration = .seconds(30)) throws {
        self.host = host
        self.port = port
        self.connectTimeout = .zero
        self.ioTimeout = ioTimeout
        self.socketDescriptor = connectedDescriptor

        let initialised = SSH2Library.ensureInitialized()
        guard initialised == 0 else {
            close(connectedDescriptor)
            socketDescriptor = -1
            throw SSH2Error(kind: .session, operation: "libssh2_init", message: "libssh2 could not initialise its crypto backend",
                            code: initialised, host: host, port: port)
        }
        let flags = fcntl(connectedDescriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(connectedDescriptor, F_SETFL, flags | O_NONBLOCK) }
        try prepareSession()
    }

    /// Creates the libssh2 session on `socketDescriptor`, non-blocking; closes the socket if
    /// libssh2 cannot.
    private func prepareSession() throws {
        guard let session = termind_ssh2_session_init(Unmanaged.passUnretained(self).toOpaque()) else {
            close(socketDescriptor)
            socketDescriptor = -1
            throw SSH2Error(kind: .session, operation: "libssh2_session_init", message: "out of memory",
                            code: LIBSSH2_ERROR_ALLOC, host: host, port: port)
        }
        handle = session
        libssh2_session_set_blocking(session, 0)
        countSimulatedEcho(on: session)
    }

    deinit { disconnect() }

    /// Whether the session is still open (not yet disconnected by this side).
    public var isConnected: Bool { handle != nil }

    /// Exchanges banners and keys. With `hostKeyAlgorithms`, only those host key algorithms are
    /// offered, in that order (so a known host is asked for the key type already recorded).
    public func handshake(hostKeyAlgorithms: [String]? = nil, timeout: Duration? = nil) throws {
        if let hostKeyAlgorithms {
            let list = hostKeyAlgorithms.joined(separator: ",")
            try perform("choosing host key algorithms \(list)", kind: .handshake) { session in
                libssh2_session_method_pref(session, LIBSSH2_METHOD_HOSTKEY, list)
            }
        }
        let fd = socketDescriptor
        try perform("SSH handshake", kind: .handshake, timeout: timeout) { session in
            libssh2_session_handshake(session, fd)
        }
    }

    /// Host key algorithms this libssh2 can negotiate, in its order of preference.
    public func supportedHostKeyAlgorithms() throws -> [String] {
        let session = try liveHandle("listing host key algorithms", kind: .session)
        var algorithms: UnsafeMutablePointer<UnsafePointer<CChar>?>?
        let count = libssh2_session_supported_algs(session, LIBSSH2_METHOD_HOSTKEY, &algorithms)
        guard count >= 0, let algorithms else {
            throw failure("listing host key algorithms", kind: .session, code: count)
        }
        defer { libssh2_free(session, algorithms) }
        return (0..<Int(count)).compactMap { algorithms[$0].map { String(cString: $0) } }
    }

    /// The host key algorithm the handshake settled on (`ssh-ed25519`, `rsa-sha2-256`...).
    public func negotiatedHostKeyAlgorithm() throws -> String {
        let session = try liveHandle("reading the negotiated host key algorithm", kind: .hostKey)
        guard let name = libssh2_session_methods(session, LIBSSH2_METHOD_HOSTKEY) else {
            throw failure("reading the negotiated host key algorithm", kind: .hostKey, code: libssh2_session_last_errno(session))
        }
        return String(cString: name)
    }

    /// The server's host key from the finished handshake, with its SHA-256 fingerprint.
    public func hostKey() throws -> HostKey {
        let operation = "reading the host key"
        let session = try liveHandle(operation, kind: .hostKey)
        var length = 0
        var type: Int32 = 0
        guard let key = libssh2_session_hostkey(session, &length, &type), length > 0 else {
            throw failure(operation, kind: .hostKey, code: libssh2_session_last_errno(session),
                          fallback: "no host key yet; the handshake has not completed")
        }
        let blob = key.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        guard let hash = libssh2_hostkey_hash(session, LIBSSH2_HOSTKEY_HASH_SHA256) else {
            throw failure(operation, kind: .hostKey, code: libssh2_session_last_errno(session),
                          fallback: "libssh2 computed no SHA-256 hash of the host key")
        }
        let digest = hash.withMemoryRebound(to: UInt8.self, capacity: 32) { Array(UnsafeBufferPointer(start: $0, count: 32)) }
        guard let fingerprint = KeyFingerprint(sha256: digest),
              let algorithm = PublicKeyBlob.algorithmName(of: blob) else {
            throw failure(operation, kind: .hostKey, code: 0, fallback: "the host key blob is malformed")
        }
        return HostKey(algorithm: algorithm, blob: blob, fingerprint: fingerprint)
    }

    /// Says goodbye to the server (bounded by a short timeout), frees the session and every
    /// channel on it, and closes the socket. Safe to call more than once; channels opened on
    /// this session are unusable afterwards.
    public func disconnect() {
        guard let session = handle else { return }
        interruption = nil  // the goodbye is bounded by its own short budget
        let budget = min(ioTimeout, .seconds(2))
        _ = try? perform("disconnect", kind: .disconnected, timeout: budget) { session in
            termind_ssh2_session_disconnect(session, "Termind closed the connection")
        }
        if socketDescriptor >= 0 {
            // Half-close, then read what is still coming until the server closes too: closing a
            // socket with unread data sends a reset, which can destroy the goodbye before the
            // server has read it ("Connection reset by peer" instead of "Received disconnect").
            shutdown(socketDescriptor, Int32(SHUT_WR))
            discardUntilClosed(within: min(budget, .milliseconds(500)))
            // Nothing more is read; shutting the socket down makes any close libssh2 still has
            // to do for open channels fail fast instead of waiting on the peer.
            shutdown(socketDescriptor, Int32(SHUT_RDWR))
        }
        let deadline = ContinuousClock.now.advanced(by: budget)
        while libssh2_session_free(session) == LIBSSH2_ERROR_EAGAIN {
            guard ContinuousClock.now < deadline else { break }  // leak rather than hang
            usleep(1_000)
        }
        handle = nil
        if socketDescriptor >= 0 {
            close(socketDescriptor)
            socketDescriptor = -1
        }
    }

    /// Reads and drops whatever arrives until the peer closes its side or `limit` passes.
    private func discardUntilClosed(within limit: Duration) {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var scratch = [UInt8](repeating: 0, count: 16_384)
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return }
            var descriptor = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, remaining.pollMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return }
            let count = scratch.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 || (count < 0 && (errno == EAGAIN || errno == EINTR)) { continue }
            return  // closed by the peer, or an error
        }
    }
}
