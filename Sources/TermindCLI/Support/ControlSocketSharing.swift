import Foundation
import Synchronization
import TermindApplication
import TermindRemoteInfrastructure

/// The control socket wired for this process (docs/behaviour.md §2, "Sharing across
/// processes"): which socket a destination's connection has (the Vault file, the plan's label,
/// user, hostname and port), using one another process shares (its host key checked through
/// this process's own Known Hosts and interactions, as a fresh connection would), and sharing
/// one of this process's connections (only when its host key is recorded: a key trusted once
/// stays with the process that trusted it).
///
/// Sharing never makes a command fail that did not ask for it: a socket that cannot be used
/// (an unsafe directory or socket, a path too long, a holder that does not answer within half
/// a second) means the command connects on its own, the reason logged once per process.
struct ControlSocketSharing: Sendable {
    let opener: ConnectionOpener
    /// The Vault's database file: two Vaults may name different servers alike.
    let vaultFile: String
    let directory: ControlSocketDirectory
    let logger: any Logger

    init(opener: ConnectionOpener, vaultFile: String, environment: [String: String], logger: any Logger) {
        self.opener = opener
        self.vaultFile = vaultFile
        directory = ControlSocketDirectory(environment: environment)
        self.logger = logger
    }

    func target(_ plan: ConnectionPlan) -> ControlTarget {
        ControlTarget(vault: vaultFile, label: plan.label, username: plan.username, hostname: plan.hostname, port: plan.port)
    }

    /// The connection another process shares for `destination`, or nil when none is live or
    /// its socket cannot be used (logged once; the caller connects on its own). The host key
    /// check's own failure is thrown, as a fresh connection would fail. `strict` (for
    /// `exec --persist`) throws the `ControlSocketError` instead: a holder that does not answer
    /// keeps the socket, so a new holder could share nothing.
    func shared(
        _ destination: String, loginName: String?, interactions: InteractionQueue, strict: Bool = false
    ) async throws -> (any SSHConnection)? {
        let plan = try await opener.address(destination, loginName: loginName)
        let target = target(plan)
        let path = directory.socketPath(for: target)
        guard strict || !Self.unusable.withLock({ $0.contains(path) }) else { return nil }
        do {
            return try await ControlClient.shared(
                in: directory, for: target, requestTimeout: opener.requestTimeout, logger: logger
            ) { identity in
                try await opener.verifySharedHostKey(identity.hostKey, for: plan, interactions: interactions)
            }
        } catch let error as ControlSocketError {
            if strict { throw error }
            if Self.unusable.withLock({ $0.insert(path).inserted }) {
                logger.notice("\(plan.label): not using the shared connection, connecting without it: \(error)")
            }
            return nil
        }
    }

    /// The sockets this process found unusable: each is logged and tried once.
    private static let unusable = Mutex<Set<String>>([])

    /// Throws `ControlSocketError` when `plan`'s connection could not be served here: the
    /// directory is unsafe or cannot be made, or the socket's path is too long. For
    /// `exec --persist`, which checks before it connects.
    func checkServable(_ plan: ConnectionPlan) throws(ControlSocketError) {
        try directory.checkLength(of: directory.socketPath(for: target(plan)))
        try directory.prepare()
    }

    /// Why a connection is not served.
    enum Refusal: Error {
        /// Its host key is not recorded (trusted once, or the connection cannot tell).
        case notRecorded
        /// Another process serves the same destination already.
        case servedElsewhere
        /// The socket cannot be made here (an unsafe directory, a path too long).
        case unusable(ControlSocketError)
    }

    /// Serves `connection` (opened for `plan`) on its control socket; each client's channel is
    /// opened on the connection `acquire` gives.
    func serve(
        _ connection: any SSHConnection, plan: ConnectionPlan, acquire: @escaping ControlServer.Acquire
    ) async throws(Refusal) -> ControlServer {
        guard let identity = await ControlIdentity.of(connection, plan: plan),
            await opener.isRecordedHostKey(identity.hostKey, for: plan)
        else {
            logger.notice("\(plan.label): the connection is not shared with other processes: its host key was trusted only once")
            throw .notRecorded
        }
        let server: ControlServer?
        do {
            server = try ControlServer.start(in: directory, for: target(plan), identity: identity, logger: logger, acquire: acquire)
        } catch {
            logger.warning("\(plan.label): the connection is not shared with other processes: \(error)")
            throw .unusable(error as? ControlSocketError ?? ControlSocketError(path: directory.path, detail: "\(error)"))
        }
        guard let server else { throw .servedElsewhere }
        return server
    }
}
