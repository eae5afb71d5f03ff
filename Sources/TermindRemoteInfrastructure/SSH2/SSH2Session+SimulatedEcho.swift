import CLibSSH2

/// Counting the server's simulated echo: OpenSSH's sshd sends an `SSH_MSG_IGNORE` for each
/// write to a terminal that has echo off in canonical mode, whose string is 4 bytes longer than
/// the write (a channel number's worth, to look like echoed data).
extension SSH2Session {
    func countSimulatedEcho(on session: OpaquePointer) {
        termind_ssh2_set_ignore_callback(session, simulatedEchoCallback)
    }

    /// Called from libssh2 on this session's thread, inside whichever call read the packet.
    func noteIgnore(length: Int) {
        // The string's own 4-byte length, then the 4 bytes sshd adds to the written count.
        simulatedEchoBytes += UInt64(max(0, length - 8))
        lastSimulatedEcho = .now
    }
}

private func simulatedEchoCallback(
    session: OpaquePointer?, message: UnsafePointer<CChar>?, length: Int32,
    abstract: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) {
    guard let owner = abstract?.pointee else { return }
    Unmanaged<SSH2Session>.fromOpaque(owner).takeUnretainedValue().noteIgnore(length: Int(length))
}
