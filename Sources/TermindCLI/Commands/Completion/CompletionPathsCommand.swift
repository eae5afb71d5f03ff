import TermindApplication
import TermindDomain

/// `termind completion paths HOST:PATH`, hidden: the entries of the remote directory PATH is in
/// whose names start as PATH's last part does, each as `HOST:PATH` with `/` after a directory,
/// for the completion scripts. The connection is silent (no prompt: an unknown host key, a
/// password or a passphrase means no completion), records no history, and gives up after 3 s;
/// any failure prints nothing.
struct CompletionPathsCommand: Command {
    static let definition = CommandDefinition(
        name: "paths", abstract: "Print remote paths for shell completion",
        arguments: [.init("HOST:PATH", help: "The word being completed")], hidden: true)

    let word: String
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        word = parsed.argument("HOST:PATH") ?? ""
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        guard case .remote(let destination, let path)? = try? FileLocation(parsing: word), word.hasSuffix(path) else { return 0 }
        // What was typed before the last name is kept as typed: "srv:", "srv:/etc/", "srv:docs/".
        let typedDirectory = path.unicodeScalars.lastIndex(of: "/").map { String(path.unicodeScalars[...$0]) } ?? ""
        let prefix = String(path.unicodeScalars.dropFirst(typedDirectory.unicodeScalars.count))
        let head = String(word.unicodeScalars.dropLast(path.unicodeScalars.count))
        let directory = typedDirectory.isEmpty ? "." : typedDirectory
        guard let access = try? ConnectionAccess(context, options: ConnectionOptions(completingWith: dataDirectory)),
              let connection = try? await access.connectSilently(destination) else { return 0 }
        var lines: [String] = []
        if let fileSystem = try? await connection.openFileSystem() {
            let entries = (try? await fileSystem.list(directory)) ?? []
            for entry in entries where entry.name.hasPrefix(prefix) && (prefix.hasPrefix(".") || !entry.name.hasPrefix(".")) {
                lines.append(head + typedDirectory + entry.name + (entry.isDirectory ? "/" : ""))
            }
            await fileSystem.close()
        }
        await connection.close()
        context.out(lines.sorted().map { $0 + "\n" }.joined())
        return 0
    }
}
