import Foundation
import TermindApplication

/// `termind connect HOST`: the workbench, with HOST connected in its first pane.
struct ConnectCommand: Command {
    static let definition = CommandDefinition(
        name: "connect", abstract: "Open the workbench with a Host connected",
        discussion: """
            HOST is a Vault label or an ad-hoc [user@]hostname[:port]. The workbench opens with the
            Host's terminal in the first pane; everything else works as in 'termind' alone. Quit
            with the prefix key (C-\\) and q.
            """,
        arguments: [.init("HOST", .host, help: "A Vault label or an ad-hoc [user@]hostname[:port]")],
        options: [
            .flag("no-system-known-hosts", help: "Do not consult ~/.ssh/known_hosts"),
            .flag("no-shell-integration", help: "Start plain login shells: no command history this run"),
        ],
        examples: ["termind connect web", "termind connect deploy@10.0.0.5:2222"])

    let host: String
    let systemKnownHosts: Bool
    let shellIntegration: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        host = parsed.argument("HOST")!
        systemKnownHosts = !parsed.flag("no-system-known-hosts")
        shellIntegration = !parsed.flag("no-shell-integration")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        guard WorkbenchLaunch.hasTerminal else {
            context.err("termind: the workbench needs a terminal; use 'termind ssh' or 'termind exec' in scripts\n")
            return ExitCode.usage.rawValue
        }
        return try await WorkbenchLaunch.run(
            context, dataDirectory: dataDirectory, destination: host, systemKnownHosts: systemKnownHosts,
            shellIntegration: shellIntegration)
    }
}
