import Foundation
import TermindApplication
import TermindDomain

/// `termind ssh HOST`: an interactive shell in this terminal, the way `ssh HOST` feels: raw
/// mode, the PTY follows the terminal's size, and termind exits with the remote shell's status.
struct SSHCommand: Command {
    static let definition = CommandDefinition(
        name: "ssh", abstract: "Open an interactive shell on a Host in this terminal",
        discussion: """
            HOST is a Vault label or an ad-hoc [user@]hostname[:port]. termind exits with the
            remote shell's status; its own failures exit 255 and name the category.
            A Vault Host's bash or zsh starts with Termind's shell integration unless the Host
            or --no-shell-integration turns it off; the commands run are then kept in its
            command history (`termind history`).
            """,
        arguments: [.init("HOST", .host, help: "A Vault label or an ad-hoc [user@]hostname[:port]")],
        options: ConnectionOptions.definitions + [ConnectionOptions.noShareOption] + [
            .flag("no-shell-integration", help: "Start the plain login shell: no command history for this session"),
        ],
        examples: ["termind ssh web", "termind ssh -i ~/.ssh/id_ed25519 deploy@10.0.0.5:2222"])

    let host: String
    let options: ConnectionOptions
    let shellIntegration: Bool

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        host = parsed.argument("HOST")!
        options = ConnectionOptions(parsed)
        shellIntegration = !parsed.flag("no-shell-integration")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = try ConnectionAccess(context, options: options, sharing: true)
        let terminal = LocalTerminal()
        do {
            // Only a Vault Host has a history to keep; an ad-hoc target gets the plain shell.
            let record = try await access.opener.store.snapshot().host(host)
            let integrated = shellIntegration && record?.usesShellIntegration == true
            let integration = integrated ? try ShellIntegration.termind() : nil
            return try await access.withConnection(to: host) { connection in
                let term = context.environment["TERM"] ?? "xterm-256color"
                let environment = context.environment["LANG"].map { ["LANG": $0] } ?? [:]
                let shell: any RemoteShell
                var token: ShellMarkToken?
                if let integration {
                    (shell, token) = try await integration.open(on: connection, term: term, size: terminal.size, environment: environment)
                } else {
                    shell = try await connection.openShell(term: term, size: terminal.size, environment: environment)
                }
                // Opened on an authenticated connection: only now may rows be made.
                let history = token.flatMap { token in
                    record.map { CommandHistoryTap(hostID: $0.id, token: token, store: access.opener.store) }
                }
                return try await terminal.attach(shell, output: context, history: history)
            }
        } catch {
            terminal.restore()
            context.err(ConnectionAccess.message(for: error))
            return ExitCode.remoteCommandOwnFailure
        }
    }
}
