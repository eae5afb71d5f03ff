import Foundation
import Synchronization
import TermindApplication
import TermindDomain

/// The client side of the control socket: finds a live server for a target and opens
/// channels through it. The directory and the socket are checked as the server checks them,
/// and the server's uid too (`SO_PEERCRED`); a stale socket (nobody listening) is removed.
public enum ControlClient {
    /// How long a server may take to say who it is (docs/behaviour.md §2): a holder that is
    /// stopped (`kill -STOP`) or stuck is not waited for longer.
    static let identityLimit: Duration = .milliseconds(500)

    /// The connection `target`'s control socket serves, or nil when none is live (no
    /// directory, no socket, or a stale one, which is removed). `verify` checks the server's
    /// identity (its host key through this process's Known Hosts) and throws to refuse it;
    /// its error comes through as it is. Throws `ControlSocketError` when the socket cannot be
    /// used: an unsafe directory or socket, a path too long, a server of another uid, one that
    /// does not say who it is within `identityLimit`, or one serving another destination.
    public static func shared(
        in directory: ControlSocketDirectory, for target: ControlTarget, requestTimeout: Duration,
        logger: any Logger = NullLogger(), verify: (ControlIdentity) async throws -> Void
    ) async throws -> (any SSHConnection)? {
        guard try directory.check() else { return nil }
        let path = directory.socketPath(for: target)
        guard try directory.checkSocket(path) else { return nil }
        guard let (stream, identity) = try await connect(path) else {
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
    /// Throws `ControlSocketError` when the server is another uid's, accepts nothing, or does
    /// not say who it is within `limit`: `identityLimit` for the first probe, which decides
    /// whether to share at all; a later stream on a connection already shared waits as long as
    /// any request (a busy holder is not a stopped one).
    static func connect(_ path: String, limit: Duration = identityLimit) async throws(ControlSocketError) -> (ControlStream, ControlIdentity)? {
        let descriptor: Int32
        do {
            switch try UnixSocket.connect(path) {
            case .connected(let connected): descriptor = connected
            case .refused, .absent: return nil
            case .busy:
                throw ControlSocketError(
                    path: path,
                    detail: "the process serving it does not answer (it accepts no connection: stopped or overwhelmed); "
                        + "end that process or remove the socket")
            }
        } catch let error as ControlSocketError {
            throw error
        } catch {
            throw ControlSocketError(path: path, detail: "\(error)")
        }
        if let owner = UnixSocket.peerUID(descriptor), owner != getuid() {
            Glibc.close(descriptor)
            throw ControlSocketError(path: path, detail: "the socket is served by uid \(owner); refusing it")
        }
        let stream = ControlStream(descriptor: descriptor)
        stream.start()
        let late = Atomic(false)
        let timer = Task {
            try await Task.sleep(for: limit)
            late.store(true, ordering: .relaxed)
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
            if late.load(ordering: .relaxed) {
                throw ControlSocketError(
                    path: path,
                    detail: "the process serving it does not answer (not within \(limit): stopped or stuck); "
                        + "end that process or remove the socket")
            }
            throw ControlSocketError(path: path, detail: "the process serving it failed: \(error)")
        }
    }
}
