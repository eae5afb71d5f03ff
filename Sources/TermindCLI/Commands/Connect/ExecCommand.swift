import Foundation
import TermindApplication

/// `termind exec HOST... [options] -- COMMAND...`: runs a command on one Host (streaming its
/// output and exiting with its status, like `ssh HOST CMD`) or on many in parallel (each line
/// prefixed with the Host's label, then a summary).
struct ExecCommand: Command {
    static let definition = CommandDefinition(
        name: "exec", abstract: "Run a command on one or more Hosts",
        discussion: """
            With one Host, output streams as it comes and termind exits with the remote status;
            its own failures exit 255 and name the category. With several, they run in parallel,
            each output line is prefixed with the Host's label, a summary goes to stderr, and the
            exit status is 0 only if every command succeeded. HOST is a Vault label or an ad-hoc
            [user@]hostname[:port].
            """,
        arguments: [.init("HOST", repeating: true, help: "Vault labels or ad-hoc [user@]hostname[:port]")],
        options: ConnectionOptions.definitions + [
            .option("parallel", .integer(1...1024), valueName: "N", help: "Hosts at once (default 16)"),
            .flag("json", help: "One JSON object per Host: host, exitStatus, signal, stdout, stderr, error"),
        ],
        examples: ["termind exec web -- uptime", "termind exec web db cache --parallel 8 -- 'df -h /'"],
        acceptsTrailingCommand: true)

    let hosts: [String]
    let command: String
    let parallel: Int
    let json: Bool
    let options: ConnectionOptions

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        hosts = parsed.argumentList("HOST")
        guard !parsed.trailing.isEmpty else { throw UsageError("give the command after '--', e.g. termind exec web -- uptime") }
        // Like ssh, the words are joined with spaces and the remote shell parses them.
        command = parsed.trailing.joined(separator: " ")
        parallel = parsed.integer("parallel") ?? 16
        json = parsed.flag("json")
        options = ConnectionOptions(parsed)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = try ConnectionAccess(context, options: options)
        if hosts.count == 1 && !json { return await runStreaming(hosts[0], access: access, context: context) }
        let results = await ExecFanOut(command: command, parallel: parallel, access: access, context: context)
            .run(on: hosts, prefixLines: !json)
        if json {
            for result in results { context.out(try JSONOutput.line(result)) }
        } else {
            context.err(ExecFanOut.summary(results))
        }
        if hosts.count == 1, let only = results.first {
            return only.error == nil ? (only.exitStatus ?? ExitCode.remoteCommandOwnFailure) : ExitCode.remoteCommandOwnFailure
        }
        return results.allSatisfy { $0.error == nil && $0.exitStatus == 0 } ? 0 : ExitCode.failure.rawValue
    }

    /// One Host: bytes go out as they arrive, stdout and stderr apart.
    private func runStreaming(_ host: String, access: ConnectionAccess, context: CommandContext) async -> Int32 {
        do {
            return try await access.withConnection(to: host) { try await stream(on: $0, host: host, context: context) }
        } catch {
            context.err(ConnectionAccess.message(for: error))
            return ExitCode.remoteCommandOwnFailure
        }
    }

    private func stream(on connection: any SSHConnection, host: String, context: CommandContext) async throws -> Int32 {
        let process = try await connection.execute(command)
        // The command may have ended already; its input being closed then is no failure.
        try? await process.closeInput()
        var status = ExitCode.remoteCommandOwnFailure
        for try await output in process.output {
            switch output {
            case .stdout(let bytes): context.out(bytes: bytes)
            case .stderr(let bytes): context.err(bytes: bytes)
            case .exit(let exitStatus, let signal):
                if let signal { context.err("termind: \(host): the command was killed by SIG\(signal)\n") }
                status = RemoteExitStatus.of(status: exitStatus, signal: signal)
            }
        }
        return status
    }
}
