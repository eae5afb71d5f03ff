import Foundation
import TermindApplication
import TermindDomain

/// `termind exec HOST... [options] -- COMMAND...`: runs a command on one Host (streaming its
/// output and exiting with its status, like `ssh HOST CMD`) or on many in parallel (each line
/// prefixed with the Host's label, then a summary).
struct ExecCommand: Command {
    static let definition = CommandDefinition(
        name: "exec", abstract: "Run a command on one or more Hosts",
        discussion: """
            With one Host, standard input goes to the command as it is read (then EOF), output
            streams as it comes and termind exits with the remote status; its own failures exit
            255 and name the category. A terminal on standard input is read only with -t. With
            several Hosts, they run in parallel, standard input is not read unless --stdin-all
            is given, each output line is prefixed with the Host's label, a summary goes to
            stderr, and the exit status is 0 only if every command succeeded. HOST is a Vault
            label or an ad-hoc [user@]hostname[:port]. --tag adds every Host with the tag;
            --snippet runs a Vault Snippet instead of the words after '--', its {{variables}}
            given with --var.
            """,
        arguments: [.init("HOST", .host, optional: true, repeating: true, help: "Vault labels or ad-hoc [user@]hostname[:port]")],
        options: ConnectionOptions.definitions + [ConnectionOptions.noShareOption] + [
            .option("parallel", .integer(1...1024), valueName: "N", help: "Hosts at once (default 16; fewer when ulimit -n cannot hold them)"),
            .flag("json", help: "One JSON object per Host: host, exitStatus, signal, stdout, stderr, error"),
            .flag("no-stdin", short: "n", help: "Send nothing to the command's standard input (EOF at once), as ssh -n"),
            .flag("tty", short: "t", help: "Run the command on a PTY if standard input is a terminal (top, sudo, vi); -tt always"),
            .flag("no-tty", short: "T", help: "Never a PTY (the default)"),
            .flag("stdin-all", help: "Read standard input once and send the same bytes to every Host (at most --stdin-limit)"),
            .option("stdin-limit", .integer(1...4096), valueName: "MIB",
                    help: "The most --stdin-all reads, in MiB (default \(ExecInput.defaultStdinAllLimitMiB))"),
            .option("tag", valueName: "TAG", repeating: true, help: "Also every Vault Host with this tag (repeatable)"),
            .option("snippet", valueName: "NAME", help: "Run this Vault Snippet instead of a command after '--'"),
            .option("var", valueName: "NAME=VALUE", repeating: true, help: "A value for the Snippet's {{NAME}} (repeatable)"),
            .option("persist", valueName: "DURATION", help:
                "Keep the connection in the background and share it (control socket) until idle this long: 10m, 90s, 1h"),
        ],
        examples: [
            "termind exec web -- uptime", "termind exec web db cache --parallel 8 -- 'df -h /'",
            "tar c . | termind exec web -- tar x -C /srv", "termind exec -t web -- top",
            "termind exec web db --stdin-all -- 'cat >> ~/.ssh/authorized_keys' < key.pub",
            "termind exec --tag prod --snippet tail-log --var lines=50",
            "termind exec web --persist 10m -- true",
        ],
        acceptsTrailingCommand: true)

    let namedHosts: [String]
    let words: String?
    let tags: [String]
    let snippet: String?
    let values: [String: String]
    let parallel: Int
    let json: Bool
    let noInput: Bool
    let terminal: ExecTerminalRequest
    let stdinAll: Bool
    let stdinLimitMiB: Int
    let options: ConnectionOptions
    /// `--persist`: seconds of idle before the background holder lets the connection go.
    let persist: Int?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        namedHosts = parsed.argumentList("HOST")
        tags = parsed.values("tag")
        snippet = parsed.value("snippet")
        values = try ExecTarget.values(parsed.values("var"))
        if snippet != nil {
            guard parsed.trailing.isEmpty else { throw UsageError("give either --snippet NAME or a command after '--', not both") }
        } else {
            guard !parsed.trailing.isEmpty else { throw UsageError("give the command after '--', e.g. termind exec web -- uptime") }
            if !values.isEmpty { throw UsageError("--var goes with --snippet") }
        }
        guard !namedHosts.isEmpty || !tags.isEmpty else { throw UsageError("give a HOST or --tag TAG, e.g. termind exec web -- uptime") }
        // Like ssh, the words are joined with spaces and the remote shell parses them.
        words = parsed.trailing.isEmpty ? nil : parsed.trailing.joined(separator: " ")
        parallel = parsed.integer("parallel") ?? 16
        json = parsed.flag("json")
        noInput = parsed.flag("no-stdin")
        stdinAll = parsed.flag("stdin-all")
        stdinLimitMiB = parsed.integer("stdin-limit") ?? ExecInput.defaultStdinAllLimitMiB
        terminal = try ExecTerminalRequest(ttyCount: parsed.flagCount("tty"), noTTY: parsed.flag("no-tty"))
        options = ConnectionOptions(parsed)
        if noInput && stdinAll { throw UsageError("-n sends no input and --stdin-all sends it to every Host: give one of them") }
        if terminal != .never && (namedHosts.count > 1 || !tags.isEmpty || json) {
            throw UsageError("a PTY (-t) is for one Host without --json: the command's terminal is this one")
        }
        if parsed.value("stdin-limit") != nil && !stdinAll { throw UsageError("--stdin-limit goes with --stdin-all") }
        if let text = parsed.value("persist") {
            guard let seconds = ControlPersist.seconds(text) else {
                throw UsageError("--persist takes a duration up to 7d, e.g. 10m, 90s, 1h or 600 (seconds), not '\(text)'")
            }
            guard namedHosts.count == 1, tags.isEmpty, !json else { throw UsageError("--persist is for one Host without --json") }
            if options.noShare { throw UsageError("--persist shares the connection; --no-share refuses to: give one of them") }
            persist = seconds
        } else {
            persist = nil
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        var hosts = namedHosts, command = words ?? ""
        if snippet != nil || !tags.isEmpty {
            let snapshot = try await VaultAccess(context, dataDirectory: options.dataDirectory).store.snapshot()
            do {
                let target = try ExecTarget.resolve(hosts: namedHosts, words: words, snippet: snippet, values: values, tags: tags, in: snapshot)
                (hosts, command) = (target.hosts, target.command)
            } catch {
                context.err("termind: \(error.message)\n")
                return ExitCode.usage.rawValue
            }
        }
        let usesPTY = terminal.usesPTY(inputIsTerminal: isatty(STDIN_FILENO) == 1)
        if terminal == .whenTerminal && !usesPTY {
            context.err("termind: no PTY for the command: standard input is not a terminal (-tt forces one)\n")
        }
        let input: ExecInput
        do {
            let limit = stdinLimitMiB * 1024 * 1024
            input = try ExecInput.choose(
                hostCount: hosts.count, noInput: noInput, stdinAll: stdinAll,
                inputIsTerminal: isatty(STDIN_FILENO) == 1, usesPTY: usesPTY
            ) { () throws(ExecInputError) in try ExecInput.readAll(from: STDIN_FILENO, limit: limit) }
        } catch {
            context.err("termind: \(error.message)\n")
            return ExitCode.failure.rawValue
        }
        if let persist {
            switch ControlPersist.start(hosts[0], idle: persist, options: options) {
            case .ready: break
            case .unshared(let reason): context.err("termind: \(hosts[0]): --persist: \(reason)\n")
            case .refused(let message):
                // Asked for and impossible: the command does not run as if it had been shared.
                context.err(message + "\n")
                return ExitCode.failure.rawValue
            case .failed(_, let message):
                context.err(message + "\n")
                return ExitCode.remoteCommandOwnFailure
            }
        }
        let access = try ConnectionAccess(context, options: options, sharing: true)
        if hosts.count == 1 && !json {
            return await runStreaming(hosts[0], command: command, input: input, usesPTY: usesPTY, access: access, context: context)
        }
        let wanted = min(parallel, hosts.count)
        let (budget, limit) = DescriptorBudget.apply(wanted: wanted)
        if budget.parallel < wanted {
            context.err("termind: \(wanted) Hosts at once need about \(wanted * DescriptorBudget.perConnection) file descriptors "
                + "and this process may open \(limit) (ulimit -n); running \(budget.parallel) at once\n")
        }
        // Ctrl-C or SIGTERM ends the commands on the servers too, then exits 130.
        let fanOut = ExecFanOut(command: command, input: input, parallel: budget.parallel, access: access, context: context)
        let (targets, prefixLines) = (hosts, !json)
        let results = await InterruptibleRun.run { await fanOut.run(on: targets, prefixLines: prefixLines) }
        if json {
            for result in results { context.out(try JSONOutput.line(result)) }
        } else {
            context.err(ExecFanOut.summary(results))
        }
        if hosts.count == 1, let only = results.first {
            // As without --json: the remote status, 128 + a killing signal, 255 for our own failure.
            return only.error == nil ? RemoteExitStatus.of(status: only.exitStatus, signal: only.signal) : ExitCode.remoteCommandOwnFailure
        }
        if results.contains(where: { $0.error?.category == ExitCode.interrupted.category }) { return ExitCode.interrupted.rawValue }
        return results.allSatisfy { $0.error == nil && $0.exitStatus == 0 } ? 0 : ExitCode.failure.rawValue
    }

    /// One Host: bytes go out as they arrive, stdout and stderr apart; on a PTY, this terminal
    /// is the command's.
    private func runStreaming(
        _ host: String, command: String, input: ExecInput, usesPTY: Bool, access: ConnectionAccess, context: CommandContext
    ) async -> Int32 {
        let localTerminal = usesPTY ? LocalTerminal() : nil
        do {
            if let localTerminal {
                // Ctrl-C is a byte for the remote terminal here, which ends its command itself.
                return try await access.withConnection(to: host) { connection in
                    let shell = try await connection.execute(
                        command, onTerminal: context.environment["TERM"] ?? "xterm-256color", size: localTerminal.size,
                        environment: context.environment["LANG"].map { ["LANG": $0] } ?? [:])
                    return try await localTerminal.attach(shell, output: context)
                }
            }
            // Ctrl-C or SIGTERM ends the command on the server too (`stream`), then exits 130.
            return try await InterruptibleRun.run("the command on \(TerminalSafeText(host).text)") {
                try await access.withConnection(to: host) { connection in
                    try await stream(command, on: connection, host: host, input: input, context: context)
                }
            }
        } catch {
            localTerminal?.restore()
            context.err(ConnectionAccess.message(for: error))
            return error is CommandInterrupted ? ExitCode.interrupted.rawValue : ExitCode.remoteCommandOwnFailure
        }
    }

    private func stream(
        _ command: String, on connection: any SSHConnection, host: String, input: ExecInput, context: CommandContext
    ) async throws -> Int32 {
        let process = try await connection.execute(command)
        let sending = Task { await input.send(to: process) }
        defer { sending.cancel() }
        var status = ExitCode.remoteCommandOwnFailure
        // Ctrl-C or SIGTERM: the command is sent SIGTERM and its channel closed (`readToEnd`).
        try await process.readToEnd { output in
            switch output {
            case .stdout(let bytes): context.out(bytes: bytes)
            case .stderr(let bytes): context.err(bytes: bytes)
            case .exit(let exitStatus, let signal):
                if let signal { context.err("termind: \(host): the command was killed by SIG\(signal)\n") }
                status = RemoteExitStatus.of(status: exitStatus, signal: signal)
            }
        }
        // Once the command has ended, what is still unread of standard input is not wanted.
        sending.cancel()
        if case .readFailed(let reason) = await sending.value {
            context.err("termind: reading standard input failed (\(reason)); the command got what was read before, then EOF\n")
        }
        return status
    }
}
