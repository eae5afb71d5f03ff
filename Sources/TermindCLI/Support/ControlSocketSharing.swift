import Foundation
import TermindApplication
import TermindRemoteInfrastructure

/// The control socket wired for this process (docs/behaviour.md §2, "Sharing across
/// processes"): which socket a destination's connection has (the Vault file, the plan's label,
/// user, hostname and port), using one another process shares (its host key checked through
/// this process's own Known Hosts and interactions, as a fresh connection would), and sharing
/// one of this process's connections (only when its host key is recorded: a key trusted once
/// stays with the process that trusted it).
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

    /// The connection another process shares for `destination`, or nil when none is live.
    func shared(
        _ destination: String, loginName: String?, interactions: InteractionQueue
    ) async throws -> (any SSHConnection)? {
        let plan = try await opener.address(destination, loginName: loginName)
        return try await ControlClient.shared(
            in: directory, for: target(plan), requestTimeout: opener.requestTimeout, logger: logger
        ) { identity in
            try await opener.verifySharedHostKey(identity.hostKey, for: plan, interactions: interactions)
        }
    }

    /// Why a connection is not served.
    enum Refusal: Error {
        /// Its host key is not recorded (trusted once, or the connection cannot tell).
        case notRecorded
        /// Another process serves the same destination already.
        case servedElsewhere
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
            throw .servedElsewhere
        }
        guard let server else { throw .servedElsewhere }
        return server
    }
}
