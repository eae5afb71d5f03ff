import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure

/// `termind control-hold HOST --idle SECONDS` (hidden): the process `termind exec --persist`
/// starts to hold a connection and share it on the control socket. It connects with the same
/// terminal as its parent (so it can ask for a host key, a password or a code), reports one
/// line on its standard output (`ready`, `unshared REASON`, `refused MESSAGE` when the control
/// socket cannot be made, or `failed STATUS MESSAGE`), then
/// leaves the terminal (standard streams on /dev/null, a session of its own, so closing the
/// terminal does not end it) and serves until no client has come for SECONDS or the connection
/// ends. Swift cannot fork a process with threads, so the parent re-executes the binary instead.
struct ControlHoldCommand: Command {
    static let definition = CommandDefinition(
        name: "control-hold", abstract: "Hold a connection for termind exec --persist (internal)",
        arguments: [.init("HOST", .host, help: "A Vault label or an ad-hoc [user@]hostname[:port]")],
        options: ConnectionOptions.definitions + [
            .option("idle", .integer(1...604_800), valueName: "SECONDS", help: "End after this long without a client"),
        ],
        hidden: true)

    let host: String
    let idle: Int
    let options: ConnectionOptions

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        host = parsed.argument("HOST")!
        idle = parsed.integer("idle") ?? 600
        options = ConnectionOptions(parsed)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access: ConnectionAccess
        let connection: any SSHConnection
        let server: ControlServer
        do {
            access = try ConnectionAccess(context, options: options)
            // Another process shares it already: nothing to hold. One whose holder does not
            // answer (stopped) keeps the socket: holding anew would share nothing.
            let shared: (any SSHConnection)?
            do {
                shared = try await access.sharing.shared(
                    host, loginName: options.login, interactions: access.interactions, strict: true)
            } catch let error as ControlSocketError {
                return refuse(error)
            }
            if let shared {
                await shared.close()
                report("ready")
                return 0
            }
            let plan = try await access.opener.address(host, loginName: options.login)
            // Before connecting: nothing is asked or authenticated for a socket that cannot be.
            do {
                try access.sharing.checkServable(plan)
            } catch {
                return refuse(error)
            }
            connection = try await access.connect(host)
            do {
                server = try await access.sharing.serve(connection, plan: plan) { ControlServer.Hold(connection: connection) }
            } catch .notRecorded {
                await connection.close()
                report("unshared the host key was trusted only once, so the connection is not kept")
                return 0
            } catch .servedElsewhere {
                await connection.close()
                report("ready")
                return 0
            } catch .unusable(let error) {
                await connection.close()
                return refuse(error)
            }
        } catch {
            let status = (error as? any CategorizedFailure)?.exitCode.rawValue ?? ExitCode.failure.rawValue
            report("failed \(status) " + ConnectionAccess.message(for: error).trimmingCharacters(in: .newlines))
            return status
        }
        report("ready")
        Self.detach()
        // Whichever comes first; the other wait is left behind (the process ends).
        let (first, firstDone) = AsyncStream.makeStream(of: Bool.self)
        let idleWait = Task { await server.waitUntilIdle(for: .seconds(idle)); firstDone.yield(false) }
        let endWait = Task { _ = await connection.waitUntilEnded(); firstDone.yield(true) }
        var ended = false
        for await value in first {
            ended = value
            break
        }
        idleWait.cancel()
        endWait.cancel()
        context.logger.info("\(host): the persisted connection \(ended ? "ended" : "was idle for \(idle) s"); the control socket closes")
        server.stop()
        await connection.close()
        return 0
    }

    /// `--persist` asked for a socket that cannot be made: the parent fails with the reason.
    private func refuse(_ error: ControlSocketError) -> Int32 {
        report("refused termind: \(TerminalSafeText(host).text): --persist cannot share the connection: \(error)")
        return ExitCode.failure.rawValue
    }

    /// One line for the parent, on standard output (its pipe).
    private func report(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// Leaves the terminal: standard streams on /dev/null (the parent sees its pipe end) and a
    /// new session, so the terminal's hangup and keyboard signals no longer reach this process.
    private static func detach() {
        let null = open("/dev/null", O_RDWR)
        if null >= 0 {
            for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] { dup2(null, descriptor) }
            if null > STDERR_FILENO { close(null) }
        }
        _ = setsid()
        signal(SIGHUP, SIG_IGN)
    }
}
