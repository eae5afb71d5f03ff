/// A failure of an SSH connection or one of its channels: what was being done, where, libssh2's
/// own message and code, and a category the caller maps to an exit code or a dialog.
///
/// A value; safe to pass between threads. It never holds a secret: libssh2's messages do not echo
/// credentials, and Termind never adds them.
public struct SSH2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of thing went wrong; decides what the person is told to do.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The host name did not resolve.
        case resolve
        /// The TCP connection could not be made (refused, unreachable).
        case connect
        /// The server did not answer within the connect or I/O timeout.
        case timeout
        /// The SSH handshake failed: not an SSH server, or no algorithm in common.
        case handshake
        /// The server's host key could not be read.
        case hostKey
        /// The server rejected the credentials, or an authentication step failed.
        case authentication
        /// A channel (shell, exec, SFTP, forwarding) could not be opened or used.
        case channel
        /// The connection was closed by the peer or lost.
        case disconnected
        /// The session was used in a state that does not allow the call (programmer error or
        /// a call after `disconnect()`), or libssh2 reported something not covered above.
        case session
    }

    public let kind: Kind
    /// What Termind was doing, in words: "handshake", "password authentication as alice".
    public let operation: String
    /// libssh2's own message (`libssh2_session_last_error`) or the system's (`strerror`).
    public let message: String
    /// libssh2's error code (negative), or the `errno` of a socket call (positive), or 0.
    public let code: Int32
    public let host: String
    public let port: Int

    public init(kind: Kind, operation: String, message: String, code: Int32, host: String, port: Int) {
        self.kind = kind
        self.operation = operation
        self.message = message
        self.code = code
        self.host = host
        self.port = port
    }

    /// libssh2's code by name; nil when `code` is an `errno` or 0.
    var libssh2Code: SSH2ErrorCode? { SSH2ErrorCode(rawValue: code) }

    /// `host:port`, with IPv6 literals in brackets as ssh writes them.
    public var endpoint: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    public var description: String {
        let detail = message.isEmpty ? "" : ": \(message)"
        let codeText = code == 0 ? "" : " (code \(code))"
        return "\(operation) with \(endpoint) failed\(detail)\(codeText). \(advice)"
    }

    /// What the person can do about it.
    public var advice: String {
        switch kind {
        case .resolve:
            "Check the host name and the DNS settings."
        case .connect:
            "Check the host name and port, and that an SSH server is listening there."
        case .timeout:
            "The server did not answer in time; check the network, or raise the timeout."
        case .handshake:
            "The server may not be an SSH server, or it offers no algorithm libssh2 1.10 supports."
        case .hostKey:
            "The server's host key could not be read; try again, or check the server's HostKey settings."
        case .authentication:
            "Check the username and credentials, and which methods the server allows."
        case .channel:
            "The server refused or closed the channel; check its logs and limits (MaxSessions)."
        case .disconnected:
            "The connection was lost; reconnect."
        case .session:
            "This is an unexpected state of the SSH session; reconnect, and report it if it repeats."
        }
    }
}
