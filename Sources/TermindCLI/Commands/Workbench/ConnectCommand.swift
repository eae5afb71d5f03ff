import Foundation
import TermindApplication

/// `termind connect HOST` / `termind connect --template NAME`: the workbench, with HOST
/// connected in its first pane, or with a saved Template opened.
struct ConnectCommand: Command {
    static let definition = CommandDefinition(
        name: "connect", abstract: "Open the workbench with a Host connected",
        discussion: """
            HOST is a Vault label or an ad-hoc [user@]hostname[:port]. The workbench opens with the
            Host's terminal in the first pane; everything else works as in 'termind' alone. Quit
            with the prefix key (C-\\) and q. With --template NAME instead of HOST, the saved
            Template opens as a Workspace; a pane whose Host is gone opens empty.
            """,
        arguments: [.init("HOST", .host, optional: true, help: "A Vault label or an ad-hoc [user@]hostname[:port]")],
        options: [
            .option("template", valueName: "NAME", help: "Open this saved Template instead of one Host"),
            .flag("no-system-known-hosts", help: "Do not consult ~/.ssh/known_hosts"),
            .flag("no-shell-integration", help: "Start plain login shells: no command history this run"),
        ],
        examples: ["termind connect web", "termind connect deploy@10.0.0.5:2222", "termind connect --template ops"])

    let host: String?
    let template: String?
    let systemKnownHosts: Bool
    let shellIntegration: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        host = parsed.argument("HOST")
        template = parsed.value("template")
        guard (host == nil) != (template == nil) else {
            throw UsageError("give a HOST or --template NAME, one of them, e.g. termind connect web")
        }
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
            context, dataDirectory: dataDirectory, destination: host, template: template, systemKnownHosts: systemKnownHosts,
            shellIntegration: shellIntegration)
    }
}
