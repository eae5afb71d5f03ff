import CLibSSH2
import Foundation

/// Session channels: running one command to completion, and interactive PTY shells.
extension SSH2Session {
    /// Opens a `session` channel for `purpose`.
    func openSessionChannel(purpose: String) throws -> SSH2Channel {
        let pointer = try performReturningPointer("opening a channel for \(purpose)", kind: .channel) { session in
            termind_ssh2_channel_open_session(session)
        }
        return SSH2Channel(session: self, pointer: pointer, purpose: purpose)
    }

    /// Runs `command` on the server without a PTY and waits for it to finish, collecting stdout
    /// and stderr apart. Each wait for output is bounded by `ioTimeout`.
    public func execute(_ command: String) throws -> SSH2CommandResult {
        let purpose = "command `\(command)`"
        let channel = try openSessionChannel(purpose: purpose)
        defer { channel.close() }
        let pointer = try channel.live("exec")
        try perform("starting \(purpose)", kind: .channel) { _ in termind_ssh2_channel_exec(pointer, command) }

        var stdout: [UInt8] = [], stderr: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 32_768)
        var wait = SocketWait(start: .now, budget: ioTimeout, interactionAtStart: interactionTime)
        while true {
            var progressed = false
            for stream in [SSH2Channel.Stream.stdout, .stderr] {
                while let count = try channel.readAvailable(pointer, into: &buffer, stream: stream) {
                    guard count > 0 else { break }
                    progressed = true
                    if stream == .stdout { stdout += buffer[0..<count] } else { stderr += buffer[0..<count] }
                }
            }
            if libssh2_channel_eof(pointer) == 1 { break }
            if progressed {
                wait = SocketWait(start: .now, budget: ioTimeout, interactionAtStart: interactionTime)
            } else {
                // Nothing new: wait for the socket. The deadline is not reset, so a session that
                // keeps returning nothing ends in a timeout rather than a spin.
                try waitForSocket(wait, "waiting for output of \(purpose)", kind: .channel)
            }
        }

        try perform("closing \(purpose)", kind: .channel) { _ in libssh2_channel_close(pointer) }
        try perform("waiting for \(purpose) to close", kind: .channel) { _ in libssh2_channel_wait_closed(pointer) }
        let status = libssh2_channel_get_exit_status(pointer)
        var signalName: UnsafeMutablePointer<CChar>?
        var signalLength = 0
        try perform("reading the exit signal of \(purpose)", kind: .channel) { _ in
            libssh2_channel_get_exit_signal(pointer, &signalName, &signalLength, nil, nil, nil, nil)
        }
        var exitSignal: String?
        if let signalName, let handle {
            if signalLength > 0 {
                exitSignal = String(decoding: UnsafeRawBufferPointer(start: signalName, count: signalLength), as: UTF8.self)
            }
            libssh2_free(handle, signalName)
        }
        return SSH2CommandResult(stdout: stdout, stderr: stderr, exitStatus: status, exitSignal: exitSignal)
    }

    /// Opens an interactive shell on a PTY of type `term` (e.g. `xterm-256color`) and size.
    public func openShell(term: String, columns: Int, rows: Int) throws -> SSH2Channel {
        let channel = try openSessionChannel(purpose: "shell")
        let pointer = try channel.live("open shell")
        try perform("requesting a \(columns)x\(rows) \(term) PTY", kind: .channel) { _ in
            termind_ssh2_channel_request_pty(pointer, term, Int32(clamping: columns), Int32(clamping: rows))
        }
        try perform("starting the shell", kind: .channel) { _ in termind_ssh2_channel_shell(pointer) }
        return channel
    }
}
