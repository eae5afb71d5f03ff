import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindPresentation

/// Opens the workbench TUI in this terminal: the Vault (opened first, so a passphrase prompt or
/// a Vault failure shows on the ordinary screen), the keymap, the services port, then the loop
/// on the main actor until the person quits. Used by `termind`, `termind connect` and
/// `termind demo`.
enum WorkbenchLaunch {
    /// Runs the workbench; returns its exit status. `destination` (a Host label or an ad-hoc
    /// target) connects at once in the first pane. `shellIntegration` false starts every Host's
    /// plain shell (`--no-shell-integration`).
    static func run(
        _ context: CommandContext, dataDirectory: String?, destination: String? = nil, template: String? = nil, systemKnownHosts: Bool = true,
        shellIntegration: Bool = true
    ) async throws -> Int32 {
        let vault = VaultAccess(context, dataDirectory: dataDirectory)
        let services = VaultWorkbenchServices(context, vault: vault, systemKnownHosts: systemKnownHosts)
        let hosts = try await services.hosts()
        if let destination, !hosts.contains(where: { $0.label.rawValue == destination }) {
            // Not a Vault label: it must read as an ad-hoc target, checked before the screen changes.
            _ = try AdHocTarget(parsing: destination, loginName: nil, keyFile: nil)
        }
        if let template, try await !services.templates().contains(where: { $0.label.rawValue == template }) {
            context.err("termind: no Template '\(template)' in the Vault (termind templates list shows them)\n")
            return ExitCode.failure.rawValue
        }
        let keymap = try KeymapFiles.load(paths: vault.paths)
        for problem in keymap.problems {
            context.logger.warning("keymap: \(problem)")
        }
        let integration = shellIntegration ? try ShellIntegration.termind() : nil
        let sharing = ControlSocketSharing(
            opener: services.opener, vaultFile: vault.paths.databaseFile, environment: context.environment, logger: context.logger)
        return try await runOnMainActor(
            services: services, keymap: keymap, environment: context.environment, destination: destination, template: template,
            shellIntegration: integration, sharing: sharing)
    }

    @MainActor
    private static func runOnMainActor(
        services: VaultWorkbenchServices, keymap: KeymapLoad, environment: [String: String], destination: String?, template: String?,
        shellIntegration: ShellIntegration?, sharing: ControlSocketSharing
    ) async throws -> Int32 {
        let terminal = try OuterTerminal()
        let workbench = Workbench(
            services: services, keymap: keymap.keymap, keymapProblems: keymap.problems, size: terminal.size,
            environment: environment)
        workbench.shellIntegration = shellIntegration
        workbench.logger = services.logger
        // Other termind processes may use the workbench's connections (the control socket).
        let sockets = WorkbenchControlSockets(sharing: sharing, shared: workbench.sharedConnections)
        let serving = Task.detached { await sockets.run() }
        let loop = WorkbenchLoop(terminal: terminal, workbench: workbench, capabilities: TerminalCapabilities(environment: environment))
        let status = await loop.run(connecting: destination, template: template)
        sockets.stop()
        await serving.value
        return status
    }

    /// True when the workbench can run here: standard input and output are terminals.
    static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }
}
