import Foundation
import TermindApplication
import TermindInfrastructure

/// `termind demo`: the workbench against a private loopback OpenSSH server, with a Vault of its
/// own holding a Key, an Identity and a Host `demo`, all in a temporary directory removed on
/// exit. Nothing of the person's own Vault, keys or known hosts is read or changed (their
/// keymap is still used).
struct DemoCommand: Command {
    static let definition = CommandDefinition(
        name: "demo", abstract: "Try the workbench against a private local SSH server",
        discussion: """
            Starts OpenSSH's sshd on 127.0.0.1 with a temporary host key, makes a temporary Vault
            with a Key, an Identity and a Host named 'demo' that logs in as you (root included),
            and opens the workbench with the Navigator on it: press Enter to connect, then approve
            the unknown host key. Everything is removed when the workbench ends. Needs sshd and
            ssh-keygen (Debian: openssh-server).
            """,
        examples: ["termind demo"])

    init(_ parsed: ParsedCommandLine) throws(UsageError) {}

    func run(_ context: CommandContext) async throws -> Int32 {
        guard WorkbenchLaunch.hasTerminal else {
            context.err("termind: the demo opens the workbench, which needs a terminal\n")
            return ExitCode.usage.rawValue
        }
        let server = try DemoServer(account: SystemLocalAccount(environment: context.environment))
        defer { server.stop() }

        // The demo's own Vault, key file and log, under the server's directory.
        var environment = context.environment
        environment["XDG_DATA_HOME"] = server.directory + "/data"
        environment["XDG_STATE_HOME"] = server.directory + "/state"
        environment["TERMIND_HOME"] = nil
        environment[VaultAccess.passphraseVariable] = nil
        let userConfig = VaultAccess(context, dataDirectory: nil).paths.configDirectory
        environment["XDG_CONFIG_HOME"] = server.directory + "/config"
        let demo = CommandContext(
            environment: environment, root: context.root, logger: context.logger,
            out: { context.out($0) }, err: { context.err($0) },
            outIsTerminal: context.outIsTerminal, errIsTerminal: context.errIsTerminal)
        try? FileManager.default.createDirectory(atPath: server.directory + "/config/termind", withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: userConfig + "/keymap") {
            try? FileManager.default.copyItem(atPath: userConfig + "/keymap", toPath: server.directory + "/config/termind/keymap")
        }

        let editor = VaultAccess(demo, dataDirectory: nil).editor()
        let key = try await editor.generateKey("demo-key", algorithm: .ed25519, comment: "termind-demo")
        _ = try await editor.addIdentity("demo", IdentityFields(username: server.username, key: "demo-key"))
        _ = try await editor.addHost("demo", HostFields(hostname: "127.0.0.1", port: server.port, identity: "demo", notes: "termind demo"))
        try server.start(authorizedKey: key.publicKeyLine)

        return try await WorkbenchLaunch.run(demo, dataDirectory: nil, systemKnownHosts: false)
    }
}
