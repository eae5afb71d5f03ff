import Foundation
import TermindApplication
import TermindDomain

/// `termind mcp`: a Model Context Protocol server on standard input and output, started by an
/// agent as a subprocess. Standard output carries only protocol messages, one JSON object a
/// line; everything else goes to the log file. It never prompts: a Host that needs a password
/// or an unknown key's approval fails with a message for the person.
struct MCPCommand: Command {
    static let definition = CommandDefinition(
        name: "mcp", abstract: "Serve the Vault's Hosts to an AI agent over MCP (stdio)",
        discussion: """
            Speaks the Model Context Protocol (JSON-RPC 2.0, one message a line) on standard input
            and output, for an agent that starts it as a subprocess. Tools: list_hosts, ssh_exec, sftp_list, sftp_read and history_search,
            as the policy allows (termind mcp policy); every call is recorded (termind mcp
            audit). Only Vault Hosts are reachable, by label. Nothing is ever asked on
            the terminal: a Host whose key is not yet trusted, or that needs a password, fails with
            what the person must do; a Vault with a master passphrase needs
            TERMIND_VAULT_PASSPHRASE in the agent's configuration. Messages longer than 4 MiB are
            refused; command output is cut at 64 KiB a stream. The server ends at EOF.
            """,
        options: [
            .flag("no-system-known-hosts", help: "Do not consult ~/.ssh/known_hosts"),
            .option("connect-timeout", .integer(1...3600), valueName: "SECONDS", help: "Give up connecting after this long (default 15)"),
            .option("approval-wait", .integer(0...3600), valueName: "SECONDS",
                    help: "How long a call the policy asks about waits for termind mcp approve before it is denied (default 30)"),
        ],
        examples: ["termind mcp", "termind --data-dir ~/work-vault mcp --approval-wait 60"])
    static let subcommands: [any Command.Type] = [
        MCPPolicyCommand.self, MCPApprovalsCommand.self, MCPApproveCommand.self, MCPDenyCommand.self, MCPAuditCommand.self,
    ]

    let dataDirectory: String?
    let connectTimeout: Int
    let systemKnownHosts: Bool
    let approvalWait: Int

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        dataDirectory = parsed.value("data-dir")
        connectTimeout = parsed.integer("connect-timeout") ?? 15
        systemKnownHosts = !parsed.flag("no-system-known-hosts")
        approvalWait = parsed.integer("approval-wait") ?? 30
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let options = ConnectionOptions(agentWith: dataDirectory, connectTimeout: connectTimeout, systemKnownHosts: systemKnownHosts)
        let vault = VaultAccess(context, dataDirectory: dataDirectory, prompts: false)
        let access = try ConnectionAccess(context, options: options, sharing: true, vault: vault)
        let store = SQLiteMCPStoreAccess.store(vault)
        let hosts = MCPHostConnections(vault: vault.store) { label in try await access.connect(label) }
        let server = MCPServer(
            info: .init(name: "termind", version: TermindVersion.current),
            tools: MCPToolCatalog.tools(vault: vault.store, hosts: hosts),
            calls: MCPCallGate(
                vault: vault.store, policy: store, audit: store, approvals: store, approvalWait: .seconds(approvalWait), logger: context.logger),
            logger: context.logger)
        context.logger.log(.info, "mcp: serving on stdio")
        await Self.serve(server, input: MCPStandardInput.chunks(), write: { line in context.out(bytes: Array((line + "\n").utf8)) })
        context.logger.log(.info, "mcp: standard input ended; stopping")
        return 0
    }

    /// Reads lines until EOF, each tool call handled in a task of its own (a `ping` is answered
    /// while an `ssh_exec` runs), every other message in order; returns once every answer is
    /// written. Writes are whole lines, one at a
    /// time.
    static func serve(_ server: MCPServer, input: AsyncStream<[UInt8]>, write: @escaping @Sendable (String) -> Void) async {
        let writer = MCPLineWriter(write)
        var reader = MCPLineReader()
        await withTaskGroup(of: Void.self) { group in
            var ended = false
            var iterator = input.makeAsyncIterator()
            while !ended {
                var lines: [MCPLineReader.Line]
                if let chunk = await iterator.next() {
                    lines = reader.feed(chunk)
                } else {
                    lines = reader.finish().map { [$0] } ?? []
                    ended = true
                }
                for line in lines {
                    guard MCPServer.runsConcurrently(line) else {
                        if let answer = await server.handle(line) { writer.write(answer) }
                        continue
                    }
                    group.addTask {
                        guard let answer = await server.handle(line) else { return }
                        writer.write(answer)
                    }
                }
            }
        }
    }
}
