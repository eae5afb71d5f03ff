import Foundation
import TermindApplication
import TermindDomain

/// The client side of the control socket: finds a live server for a target and opens
/// channels through it. The directory and the socket are checked as the server checks them,
/// and the server's uid too (`SO_PEERCRED`); a stale socket (nobody listening) is removed.
public enum ControlClient {
    /// How long a server may take to say who it is.
    static let identityLimit: Duration = .seconds(5)

    /// The connection `target`'s control socket serves, or nil when none is live (no
    /// directory, no socket, or a stale one, which is removed). `verify` checks the server's
    /// identity (its host key through this process's Known Hosts) and throws to refuse it.
    /// Throws `ControlSocketError` for an unsafe directory or socket.
    public static func shared(
        in directory: ControlSocketDirectory, for target: ControlTarget, requestTimeout: Duration,
        logger: any Logger = NullLogger(), verify: (ControlIdentity) async throws -> Void
    ) async throws -> (any SSHConnection)? {
        guard try directory.check() else { return nil }
        let path = directory.socketPath(for: target)
        guard try directory.checkSocket(path) else { return nil }
        guard let (stream, identity) = try await connect(path, label: target.label) else {
            logger.info("\(target.label): removed the stale control socket \(path)")
            unlink(path)
            return nil
        }
        guard target.matches(identity) else {
            stream.close()
            throw ControlSocketError(
                path: path, detail: "the socket serves \(identity.username)@\(identity.hostname):\(identity.port), "
                    + "not \(target.username)@\(target.hostname):\(target.port); refusing it")
        }
        do {
            try await verify(identity)
        } catch {
            stream.close()
            throw error
        }
        logger.debug("\(target.label): using the shared connection on \(path)")
        // The stream the identity came on carries the first channel: one connection to the
        // socket fewer for a single `exec`.
        return ControlSocketConnection(
            path: path, label: target.label, identity: identity, requestTimeout: requestTimeout, spare: stream)
    }

    /// A stream to the server at `path` with its identity read; nil when nobody listens.
    static func connect(_ path: String, label: String) async throws -> (ControlStream, ControlIdentity)? {
        let descriptor: Int32
        switch try UnixSocket.connect(path) {
        case .connected(let connected): descriptor = connected
        case .refused, .absent: return nil
        }
        if let owner = UnixSocket.peerUID(descriptor), owner != getuid() {
            Glibc.close(descriptor)
            throw ControlSocketError(path: path, detail: "the socket is served by uid \(owner); refusing it")
        }
        let stream = ControlStream(descriptor: descriptor)
        stream.start()
        let timer = Task {
            try await Task.sleep(for: identityLimit)
            stream.close()
        }
        defer { timer.cancel() }
        do {
            guard let frame = try await stream.next() else {
                throw ControlProtocolError("the server closed without saying who it is")
            }
            return (stream, try ControlIdentity(frame))
        } catch {
            stream.close()
            throw SSHFailure(.channel, connection: label, detail: "the control socket \(path) failed: \(error)")
        }
    }
}
