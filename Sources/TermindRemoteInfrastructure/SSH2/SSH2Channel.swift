import CLibSSH2
import TermindApplication

/// One libssh2 channel (`session` or `direct-tcpip`) as thin non-blocking primitives: each
/// method is one libssh2 call whose code comes back as an `SSH2Result`. It holds the
/// `LIBSSH2_CHANNEL` until `free()`; the session frees any channel still open when it goes,
/// after which every call here fails with `SSH2Fault.sessionGone` instead of touching freed
/// memory.
///
/// Confined to its session's thread (the connection worker); not `Sendable`.
final class SSH2Channel: WorkerTransportChannel {
    private let session: SSH2Session
    /// The libssh2 channel; nil once freed.
    private var pointer: OpaquePointer?
    /// Whether process_startup was let run a second time, for the signal request.
    private var requestRearmed = false

    init(session: SSH2Session, pointer: OpaquePointer) {
        self.session = session
        self.pointer = pointer
    }

    /// The channel while it and its session live.
    @inline(__always)
    private func live() -> OpaquePointer? {
        session.isConnected ? pointer : nil
    }

    private var gone: SSH2Fault { session.isConnected ? .channelGone : .sessionGone }

    /// Runs one call that returns a code and no count.
    @inline(__always)
    private func call(_ body: (OpaquePointer) -> Int32) -> SSH2Result<Void> {
        guard let channel = live() else { return .failed(gone) }
        return session.result(body(channel))
    }

    // MARK: - Requests

    func setEnvironment(_ name: String, to value: String) -> SSH2Result<Void> {
        call { libssh2_channel_setenv_ex($0, name, UInt32(name.utf8.count), value, UInt32(value.utf8.count)) }
    }

    func requestPTY(term: String, size: TerminalSize) -> SSH2Result<Void> {
        call { termind_ssh2_channel_request_pty($0, term, Int32(clamping: size.columns), Int32(clamping: size.rows)) }
    }

    func startShell() -> SSH2Result<Void> {
        call { termind_ssh2_channel_shell($0) }
    }

    func exec(_ command: String) -> SSH2Result<Void> {
        call { termind_ssh2_channel_exec($0, command) }
    }

    func signal(_ name: String) -> SSH2Result<Void> {
        guard let channel = live() else { return .failed(gone) }
        // libssh2 1.10 runs process_startup once per channel (the exec took it): let it run
        // again, once; a retry after a half-sent signal continues that same request.
        if !requestRearmed {
            guard SSH2Library.channelRearm else {
                return .failed(SSH2Fault(code: LIBSSH2_ERROR_CHANNEL_REQUEST_DENIED, message:
                    "signals on close are turned off (\(SSH2LibraryReaches.noChannelRearmVariable), or this libssh2 is not \(SSH2LibraryReaches.rearmedVersion))"))
            }
            guard termind_ssh2_channel_rearm_request(channel, session.handle) == 0 else {
                return .failed(SSH2Fault(code: LIBSSH2_ERROR_CHANNEL_REQUEST_DENIED, message:
                    "this libssh2 (\(String(cString: libssh2_version(0)))) cannot send a signal request"))
            }
            requestRearmed = true
        }
        return session.result(termind_ssh2_channel_signal(channel, name))
    }

    func startSubsystem(_ name: String) -> SSH2Result<Void> {
        call { termind_ssh2_channel_subsystem($0, name) }
    }

    func changeWindow(to size: TerminalSize) -> SSH2Result<Void> {
        call { termind_ssh2_channel_request_pty_size($0, Int32(clamping: size.columns), Int32(clamping: size.rows)) }
    }

    // MARK: - Data

    func read(_ stream: ChannelStream, into buffer: UnsafeMutableRawBufferPointer) -> SSH2Result<Int> {
        guard let channel = live() else { return .failed(gone) }
        let characters = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        let code = switch stream {
        case .stdout: termind_ssh2_channel_read(channel, characters, buffer.count)
        case .stderr: termind_ssh2_channel_read_stderr(channel, characters, buffer.count)
        }
        return session.result(code)
    }

    func processIncoming() -> SSH2Result<Void> {
        guard let channel = live() else { return .failed(gone) }
        // A zero-length read runs the transport and takes no data, so it grants no window.
        var byte: CChar = 0
        switch session.result(termind_ssh2_channel_read(channel, &byte, 0)) {
        case .done: return .done(())
        case .wouldBlock(let blocking): return .wouldBlock(blocking)
        case .failed(let fault): return .failed(fault)
        }
    }

    var hasBufferedData: Bool {
        guard let channel = live() else { return false }
        var available: UInt = 0
        libssh2_channel_window_read_ex(channel, &available, nil)
        return available > 0
    }

    var receiveWindow: UInt64 {
        guard let channel = live() else { return 0 }
        return UInt64(libssh2_channel_window_read_ex(channel, nil, nil))
    }

    func growReceiveWindow(by bytes: UInt32) -> SSH2Result<Void> {
        call { libssh2_channel_receive_window_adjust2($0, UInt(bytes), 1, nil) }
    }

    var receivedEOF: Bool {
        guard let channel = live() else { return true }
        return libssh2_channel_eof(channel) == 1
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> SSH2Result<Int> {
        guard let channel = live() else { return .failed(gone) }
        return session.result(termind_ssh2_channel_write(channel, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count))
    }

    var sendWindow: UInt64 {
        guard let channel = live() else { return 0 }
        return UInt64(libssh2_channel_window_write_ex(channel, nil))
    }

    func sendEOF() -> SSH2Result<Void> {
        call { libssh2_channel_send_eof($0) }
    }

    // MARK: - The end

    func waitClosed() -> SSH2Result<Void> {
        call { libssh2_channel_wait_closed($0) }
    }

    var exitStatus: Int32 {
        guard let channel = live() else { return 0 }
        return libssh2_channel_get_exit_status(channel)
    }

    var exitSignal: String? {
        guard let channel = live(), let handle = session.handle else { return nil }
        var name: UnsafeMutablePointer<CChar>?
        var length = 0
        libssh2_channel_get_exit_signal(channel, &name, &length, nil, nil, nil, nil)
        guard let name else { return nil }
        defer { libssh2_free(handle, name) }
        guard length > 0 else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: name, count: length), as: UTF8.self)
    }

    func close() -> SSH2Result<Void> {
        call { libssh2_channel_close($0) }
    }

    func free() -> SSH2Result<Void> {
        guard let channel = live() else {
            pointer = nil  // freed with the session
            return .done(())
        }
        let result = session.result(libssh2_channel_free(channel))
        if case .wouldBlock = result { return result }
        // After a failure libssh2 frees the channel with the session.
        pointer = nil
        return result
    }
}
