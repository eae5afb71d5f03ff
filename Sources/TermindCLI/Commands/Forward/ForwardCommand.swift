import Foundation
import Synchronization
import TermindApplication
import TermindDomain

/// `termind forward HOST [-L ...] [-R ...] [-D ...]`: forwards ports over one authenticated
/// connection until SIGINT or SIGTERM, like `ssh -N`. Each rule that listens prints a line;
/// one that cannot (a port in use) is reported and the others keep running.
struct ForwardCommand: Command {
    static let definition = CommandDefinition(
        name: "forward", abstract: "Forward ports over one connection until interrupted (ssh -N)",
        discussion: """
            -L listens here and connects from the server to host:hostport; -R asks the server to
            listen and connects from here; -D listens here as a SOCKS5 and SOCKS4a proxy (CONNECT
            only; names are resolved by the server). Listeners bind to loopback unless an address
            is given ('*' for every interface); port 0 takes any free port, printed. One line per
            listener is printed (--json: one object per line). A rule that cannot listen (a port
            in use) is reported and the others keep running. SIGINT or SIGTERM closes the
            listeners and exits 0, or 1 when a rule could not listen; the connection's own
            failures exit with its category's status. With no rule given, the Host's enabled
            rules run (hosts edit --forward). The soft limit on open files is raised to the hard
            one; when it is reached anyway, a listener pauses a moment and says so on stderr, at
            most once a second.
            """,
        arguments: [.init("HOST", .host, help: "A Vault label or an ad-hoc [user@]hostname[:port]")],
        options: ConnectionOptions.definitions + [
            .option("local", short: "L", valueName: "[BIND:]PORT:HOST:HOSTPORT", repeating: true,
                    help: "Listen here on PORT; connect from the server to HOST:HOSTPORT"),
            .option("remote", short: "R", valueName: "[BIND:]PORT:HOST:HOSTPORT", repeating: true,
                    help: "The server listens on PORT; connect from here to HOST:HOSTPORT"),
            .option("dynamic", short: "D", valueName: "[BIND:]PORT", repeating: true,
                    help: "Listen here on PORT as a SOCKS5/SOCKS4a proxy through the server"),
            .flag("json", help: "One JSON object per listener: rule, kind, address, port, side, target, error"),
        ],
        examples: [
            "termind forward web -L 8080:localhost:80", "termind forward web -R 9000:localhost:3000",
            "termind forward web -D 1080", "termind forward web -L 0.0.0.0:5432:db.internal:5432 -D 127.0.0.1:1080",
        ])

    let host: String
    let rules: [ForwardRule]
    let json: Bool
    let options: ConnectionOptions

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        host = parsed.argument("HOST") ?? ""
        json = parsed.flag("json")
        options = ConnectionOptions(parsed)
        var rules: [ForwardRule] = []
        do {
            for (kind, option) in [(ForwardRule.Kind.local, "local"), (.remote, "remote"), (.dynamic, "dynamic")] {
                for text in parsed.values(option) { rules.append(try ForwardRule(kind, parsing: text)) }
            }
        } catch {
            throw UsageError(error.description)
        }
        self.rules = rules
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        var rules = self.rules
        if rules.isEmpty {
            // No rule given: the Host's enabled rules.
            let snapshot = try await VaultAccess(context, dataDirectory: options.dataDirectory).store.snapshot()
            rules = snapshot.host(host)?.forwards.filter(\.enabled).map(\.rule) ?? []
            guard !rules.isEmpty else {
                context.err("termind: \(host) has no enabled forwarding rule; give -L, -R or -D, "
                    + "or keep rules on the Host: termind hosts edit \(host) --forward 'L 8080:localhost:80'\n")
                return ExitCode.usage.rawValue
            }
        }
        // Every connection carried holds a descriptor while it lasts (as `exec` raises it for its Hosts).
        let limit = DescriptorLimit.raiseSoftToHard()
        let access = try ConnectionAccess(context, options: options)
        let connection: any SSHConnection
        do {
            connection = try await access.connect(host)
        } catch {
            context.err(ConnectionAccess.message(for: error))
            return (error as? any CategorizedFailure)?.exitCode.rawValue ?? ExitCode.failure.rawValue
        }
        // Listening for signals before the first listener, so none is missed.
        let stop = ForwardStopSignal()
        InterruptSignals.start { _ in stop.fire(nil) }
        defer { InterruptSignals.stop() }

        var listening = 0
        var failed = 0
        for rule in rules {
            do {
                let listener = try await connection.forward(rule)
                listening += 1
                context.out(json ? try JSONOutput.line(ForwardView(listener)) : ForwardView.line(listener))
                // Said as often as the log says it: at most once a second.
                Task {
                    for await statistics in listener.meter.shortages {
                        context.err(ForwardView.shortageLine(listener, statistics, limit: limit))
                    }
                }
            } catch let failure as ForwardFailure {
                failed += 1
                if json { context.out(try JSONOutput.line(ForwardView(failure))) }
                context.err("termind: \(failure.description)\n")
            } catch {
                await connection.close()
                context.err(ConnectionAccess.message(for: error))
                return (error as? any CategorizedFailure)?.exitCode.rawValue ?? ExitCode.failure.rawValue
            }
        }
        if listening == 0 {
            await connection.close()
            return ExitCode.failure.rawValue
        }
        // Like ssh -N, a lost connection ends the command (its listeners are gone with it).
        Task { if let lost = await connection.waitUntilEnded() { stop.fire(lost) } }
        if let lost = await stop.wait() {
            context.err(ConnectionAccess.message(for: lost))
            return lost.exitCode.rawValue
        }
        await connection.close()
        return failed == 0 ? ExitCode.success.rawValue : ExitCode.failure.rawValue
    }
}

/// The first SIGINT or SIGTERM (nil), or the connection's loss, awaited once by `forward`.
final class ForwardStopSignal: Sendable {
    private struct State {
        var fired = false
        var lost: SSHFailure?
        var waiter: CheckedContinuation<SSHFailure?, Never>?
    }

    private let state = Mutex(State())

    func fire(_ lost: SSHFailure?) {
        let (waiter, value) = state.withLock { state -> (CheckedContinuation<SSHFailure?, Never>?, SSHFailure?) in
            guard !state.fired else { return (nil, nil) }
            state.fired = true
            state.lost = lost
            defer { state.waiter = nil }
            return (state.waiter, lost)
        }
        waiter?.resume(returning: value)
    }

    func wait() async -> SSHFailure? {
        await withCheckedContinuation { (continuation: CheckedContinuation<SSHFailure?, Never>) in
            let fired = state.withLock { state -> (Bool, SSHFailure?) in
                if !state.fired { state.waiter = continuation }
                return (state.fired, state.lost)
            }
            if fired.0 { continuation.resume(returning: fired.1) }
        }
    }
}
