import CLibSSH2
import Foundation

/// One channel on an `SSH2Session` (a PTY shell today; exec, SFTP and direct-tcpip use the same
/// shape). Owns the `LIBSSH2_CHANNEL` and keeps its session alive; frees the channel in
/// `close()` or `deinit`. After the session disconnects, libssh2 has already freed the channel
/// and every call here fails with a `.session` error.
///
/// Confined to its session's thread; not `Sendable`.
public final class SSH2Channel {
    let session: SSH2Session
    /// The libssh2 channel; nil once closed.
    var pointer: OpaquePointer?
    /// What the channel is for, in error messages ("shell", "exec `ls`").
    let purpose: String

    init(session: SSH2Session, pointer: OpaquePointer, purpose: String) {
        self.session = session
        self.pointer = pointer
        self.purpose = purpose
    }

    deinit { close() }

    /// The channel, or an error when it (or its session) has been closed.
    func live(_ operation: String) throws -> OpaquePointer {
        guard session.isConnected else {
            pointer = nil  // libssh2_session_free freed it with the session
            throw SSH2Error(kind: .session, operation: "\(operation) on \(purpose)",
                            message: "the session is already disconnected", code: LIBSSH2_ERROR_SOCKET_DISCONNECT,
                            host: session.host, port: session.port)
        }
        guard let pointer else {
            throw SSH2Error(kind: .channel, operation: "\(operation) on \(purpose)", message: "the channel is closed",
                            code: LIBSSH2_ERROR_CHANNEL_CLOSED, host: session.host, port: session.port)
        }
        return pointer
    }

    /// Sends all of `bytes` (the remote program's stdin), waiting while the window is full.
    public func write(_ bytes: [UInt8]) throws {
        let channel = try live("write")
        var offset = 0
        while offset < bytes.count {
            let written = try bytes.withUnsafeBufferPointer { buffer in
                try buffer.withMemoryRebound(to: CChar.self) { characters in
                    try session.perform("writing to \(purpose)", kind: .channel) { _ in
                        termind_ssh2_channel_write(channel, characters.baseAddress! + offset, characters.count - offset)
                    }
                }
            }
            offset += Int(written)
        }
    }

    /// The stdout bytes that arrive within `timeout`: returns as soon as some are there, `[]`
    /// when the time passes or the remote side has sent EOF (see `isEOF`).
    public func read(timeout: Duration) throws -> [UInt8] {
        try read(timeout: timeout, stream: .stdout)
    }

    /// Like `read(timeout:)` for the extended-data (stderr) stream. A PTY merges stderr into
    /// stdout, so a shell opened with `openShell` has nothing here.
    public func readStderr(timeout: Duration) throws -> [UInt8] {
        try read(timeout: timeout, stream: .stderr)
    }

    enum Stream { case stdout, stderr }

    func read(timeout: Duration, stream: Stream) throws -> [UInt8] {
        let channel = try live("read")
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var buffer = [UInt8](repeating: 0, count: 32_768)
        while true {
            let count = try readAvailable(channel, into: &buffer, stream: stream)
            if let count, count > 0 { return Array(buffer[0..<count]) }
            if libssh2_channel_eof(channel) == 1 { return [] }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return [] }
            // nil means libssh2 would block: wait for the socket; 0 means it consumed a packet
            // that was not data for us: try again at once.
            if count == nil, let handle = session.handle {
                _ = try session.pollSocket(session: handle, timeout: remaining)
            }
        }
    }

    /// One non-blocking read: the byte count, 0 at EOF or when no data arrived, nil for EAGAIN.
    func readAvailable(_ channel: OpaquePointer, into buffer: inout [UInt8], stream: Stream) throws -> Int? {
        let result = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { characters in
                switch stream {
                case .stdout: termind_ssh2_channel_read(channel, characters.baseAddress, characters.count)
                case .stderr: termind_ssh2_channel_read_stderr(channel, characters.baseAddress, characters.count)
                }
            }
        }
        if result == LIBSSH2_ERROR_EAGAIN { return nil }
        if result < 0 {
            throw session.failure("reading \(stream) of \(purpose)", kind: .channel, code: Int32(truncatingIfNeeded: result))
        }
        return result
    }

    /// Tells the remote PTY its new size (SSH `window-change`).
    public func resize(columns: Int, rows: Int) throws {
        let channel = try live("resize")
        try session.perform("resizing \(purpose) to \(columns)x\(rows)", kind: .channel) { _ in
            termind_ssh2_channel_request_pty_size(channel, Int32(clamping: columns), Int32(clamping: rows))
        }
    }

    /// Whether the remote side has sent EOF and all its data has been read.
    public var isEOF: Bool {
        guard session.isConnected, let pointer else { return true }
        return libssh2_channel_eof(pointer) == 1
    }

    /// Sends EOF (the remote program's stdin ends); the channel stays open for reading.
    public func sendEOF() throws {
        let channel = try live("send EOF")
        try session.perform("sending EOF to \(purpose)", kind: .channel) { _ in libssh2_channel_send_eof(channel) }
    }

    /// The exit status the remote program reported, once it has (0 before then).
    public var exitStatus: Int32 {
        guard session.isConnected, let pointer else { return 0 }
        return libssh2_channel_get_exit_status(pointer)
    }

    /// Closes the channel (bounded by a short timeout) and frees it. Safe to call more than once.
    public func close() {
        guard let channel = pointer else { return }
        pointer = nil
        guard session.isConnected else { return }  // freed with the session
        let budget = min(session.ioTimeout, .seconds(2))
        _ = try? session.perform("closing \(purpose)", kind: .channel, timeout: budget) { _ in
            libssh2_channel_close(channel)
        }
        // If freeing would block past the budget, the session frees the channel when it goes.
        _ = try? session.perform("freeing \(purpose)", kind: .channel, timeout: budget) { _ in
            libssh2_channel_free(channel)
        }
    }
}
