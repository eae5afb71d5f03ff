import Foundation
import TermindApplication

/// `termind ssh HOST`: an interactive shell in this terminal, the way `ssh HOST` feels: raw
/// mode, the PTY follows the terminal's size, and termind exits with the remote shell's status.
struct SSHCommand: Command {
    static let definition = CommandDefinition(
        name: "ssh", abstract: "Open an interactive shell on a Host in this terminal",
        discussion: """
            HOST is a Vault label or an ad-hoc [user@]hostname[:port]. termind exits with the
            remote shell's status; its own failures exit 255 and name the category.
            """,
        arguments: [.init("HOST", .host, help: "A Vault label or an ad-hoc [user@]hostname[:port]")],
        options: ConnectionOptions.definitions,
        examples: ["termind ssh web", "termind ssh -i ~/.ssh/id_ed25519 deploy@10.0.0.5:2222"])

    let host: String
    let options: ConnectionOptions

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        host = parsed.argument("HOST")!
        options = ConnectionOptions(parsed)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = try ConnectionAccess(context, options: options)
        let terminal = LocalTerminal()
        do {
            return try await access.withConnection(to: host) { connection in
                let shell = try await connection.openShell(
                    term: context.environment["TERM"] ?? "xterm-256color", size: terminal.size,
                    environment: context.environment["LANG"].map { ["LANG": $0] } ?? [:])
                return try await terminal.attach(shell, output: context)
            }
        } catch {
            terminal.restore()
            context.err(ConnectionAccess.message(for: error))
            return ExitCode.remoteCommandOwnFailure
        }
    }
}
