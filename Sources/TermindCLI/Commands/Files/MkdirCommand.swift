import TermindApplication
import TermindDomain

/// `termind mkdir [-p] HOST:PATH...`: remote directories over SFTP. Like `mkdir`, the server's
/// umask applies to the mode.
struct MkdirCommand: Command {
    static let definition = CommandDefinition(
        name: "mkdir", abstract: "Create remote directories over SFTP",
        discussion: "All paths must be on the same HOST (a Vault label or an ad-hoc [user@]hostname[:port]).",
        arguments: [.init("HOST:PATH", .remoteLocation, repeating: true, help: "The directories to create, e.g. web:/srv/app/releases")],
        options: ConnectionOptions.definitions + [ConnectionOptions.noShareOption] + [
            ConnectionOptions.ioTimeout,
            .flag("parents", short: "p", help: "Create missing parents too; an existing directory is no error"),
        ],
        examples: ["termind mkdir web:/srv/app/releases", "termind mkdir -p web:/srv/a/b/c"])

    let destination: String
    let paths: [String]
    let parents: Bool
    let options: ConnectionOptions

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        (destination, paths) = try RemotePathArguments.sameHost(parsed.argumentList("HOST:PATH"), command: "mkdir")
        parents = parsed.flag("parents")
        options = ConnectionOptions(parsed)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = try ConnectionAccess(context, options: options, sharing: true)
        try await InterruptibleRun.run("creating directories") {
            try await access.withFileSystem(on: destination) { fileSystem in
                for path in paths {
                    if parents {
                        try await makeWithParents(path, on: fileSystem)
                    } else {
                        try await fileSystem.makeDirectory(path, permissions: 0o777)
                    }
                }
            }
        }
        return 0
    }

    /// Creates `path` and whatever of its parents is missing, as `mkdir -p` does.
    private func makeWithParents(_ path: String, on fileSystem: any FileSystem) async throws {
        if let existing = try? await fileSystem.stat(path) {
            guard existing.isDirectory else {
                throw FileSystemError(.alreadyExists, location: fileSystem.location, path: path,
                                      detail: "exists and is not a directory; remove it or choose another path")
            }
            return
        }
        let parent = RemotePath.parent(of: path)
        if parent != path, parent != "/", parent != "." { try await makeWithParents(parent, on: fileSystem) }
        do {
            try await fileSystem.makeDirectory(path, permissions: 0o777)
        } catch let error as FileSystemError where error.kind == .alreadyExists || error.kind == .failure {
            // Made meanwhile by someone else (SFTP v3 servers often say only "Failure").
            guard (try? await fileSystem.stat(path))?.isDirectory == true else { throw error }
        }
    }
}
