import Foundation
import TermindInfrastructure

/// `termind completion hosts`, hidden: the Vault's Host labels, one a line, for the completion
/// scripts. Never prompts, never connects, never creates the Vault; prints nothing on any error.
struct CompletionHostsCommand: Command {
    static let definition = CommandDefinition(
        name: "hosts", abstract: "Print the Vault's Host labels for shell completion", hidden: true)

    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let environment = context.environment
        let paths = XDGPaths(
            environment: environment, homeDirectory: SystemLocalAccount(environment: environment).homeDirectory,
            currentDirectory: FileManager.default.currentDirectoryPath, dataDirectoryOverride: dataDirectory)
        let labels = VaultHostLabels.read(databaseFile: paths.databaseFile)
        context.out(labels.map { $0 + "\n" }.joined())
        return 0
    }
}
