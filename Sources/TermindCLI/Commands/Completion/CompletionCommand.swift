/// `termind completion bash|zsh|fish`: prints the completion script for the shell (README: how to
/// install each).
struct CompletionCommand: Command {
    static let definition = CommandDefinition(
        name: "completion", abstract: "Print the shell completion script for bash, zsh or fish",
        discussion: """
            Completes commands, options, option values, local paths, and the Vault's Host labels
            for HOST and HOST:PATH arguments (read from the Vault without a prompt or a
            connection), and remote paths after HOST: when the Host is trusted and lets in
            without a prompt (a silent connection that gives up after 3 s; nothing otherwise).
            """,
        arguments: [.init("SHELL", .choice(CompletionShell.allCases.map(\.rawValue)), help: "bash, zsh or fish")],
        examples: [
            "eval \"$(termind completion bash)\"     # in ~/.bashrc",
            "eval \"$(termind completion zsh)\"      # in ~/.zshrc, after compinit",
            "termind completion fish > ~/.config/fish/completions/termind.fish",
        ])

    static let subcommands: [any Command.Type] = [CompletionHostsCommand.self, CompletionPathsCommand.self]

    let shell: CompletionShell

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        guard let name = parsed.argument("SHELL"), let shell = CompletionShell(rawValue: name) else {
            throw UsageError("name a shell: termind completion bash|zsh|fish")
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        context.out(CompletionScript(root: context.root).text(for: shell))
        return 0
    }
}
