import Foundation
import TermindApplication
import TermindDomain

/// `termind rm [-r] [--yes] HOST:PATH...`: removes remote files (and with `-r` directory
/// trees) over SFTP, after asking on the terminal unless `--yes` or `--batch`. Symlinks are
/// removed, never followed.
struct RmCommand: Command {
    static let definition = CommandDefinition(
        name: "rm", abstract: "Remove remote files or directories over SFTP",
        discussion: """
            Asks before removing unless --yes or --batch is given; without a terminal to ask on it
            exits 6 and removes nothing. All paths must be on the same HOST.
            """,
        arguments: [.init("HOST:PATH", .remoteLocation, repeating: true, help: "What to remove, e.g. web:/tmp/build.log")],
        options: ConnectionOptions.definitions + [ConnectionOptions.noShareOption] + [
            ConnectionOptions.ioTimeout,
            .flag("recursive", short: "r", help: "Remove directories and everything in them"),
            .flag("yes", short: "y", help: "Do not ask for confirmation"),
        ],
        examples: ["termind rm web:/tmp/build.log", "termind rm -r --yes web:/srv/app/releases/old"])

    let destination: String
    let paths: [String]
    let recursive: Bool
    let confirmed: Bool
    let options: ConnectionOptions

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        (destination, paths) = try RemotePathArguments.sameHost(parsed.argumentList("HOST:PATH"), command: "rm")
        recursive = parsed.flag("recursive")
        confirmed = parsed.flag("yes") || parsed.flag("batch")
        options = ConnectionOptions(parsed)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = try ConnectionAccess(context, options: options, sharing: true)
        try await access.withFileSystem(on: destination) { fileSystem in
            // Ctrl-C stops the looking and the removing; the question on the terminal is
            // answered (or interrupted) as any prompt is.
            let targets = try await InterruptibleRun.run("looking up what to remove") {
                try await self.targets(on: fileSystem)
            }
            if !confirmed { try confirm(targets) }
            try await InterruptibleRun.run("removing files") {
                for target in targets { try await self.remove(target, on: fileSystem) }
            }
        }
        return 0
    }

    /// What each path names, without following symlinks; a directory needs `-r`.
    private func targets(on fileSystem: any RemoteFileSystem) async throws -> [RemoteFile] {
        var targets: [RemoteFile] = []
        for path in paths {
            let target = try await fileSystem.lstat(path)
            if target.isDirectory && !recursive {
                throw FileSystemError(.isADirectory, location: fileSystem.location, path: path,
                                      detail: "is a directory; add -r to remove it and everything in it")
            }
            targets.append(target)
        }
        return targets
    }

    /// Asks once for all targets; anything but y/yes removes nothing.
    private func confirm(_ targets: [RemoteFile]) throws {
        guard let console = Console(path: "/dev/tty") else {
            throw InteractionRequired(need: "confirmation to remove files", remedy: "pass --yes to remove without asking")
        }
        let answer = try console.readLine(prompt: Self.question(targets, on: destination), echo: true) ?? []
        let text = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
        guard text == "y" || text == "yes" else { throw RemovalDeclined() }
    }

    /// `Remove web:/tmp/a, web:/tmp/b (a directory and everything in it)? [y/N] `, the paths
    /// as the server names them with control characters shown as escapes (`TerminalSafeText`).
    static func question(_ targets: [RemoteFile], on destination: String) -> String {
        let names = targets.map {
            "\(TerminalSafeText("\(destination):\($0.path)").text)\($0.isDirectory ? " (a directory and everything in it)" : "")"
        }
        return "Remove \(names.joined(separator: ", "))? [y/N] "
    }

    /// Removes a file or symlink, or a directory after its entries, depth first.
    private func remove(_ target: RemoteFile, on fileSystem: any FileSystem) async throws {
        guard target.isDirectory else { return try await fileSystem.remove(target.path) }
        for entry in try await fileSystem.list(target.path) {
            // `list` follows nothing: a symlink to a directory is removed as a link.
            let entry = entry.attributes.mode == nil ? try await fileSystem.lstat(entry.path) : entry
            try await remove(entry, on: fileSystem)
        }
        try await fileSystem.removeDirectory(target.path)
    }
}

/// The person answered no to `rm`'s question.
struct RemovalDeclined: CategorizedFailure {
    var exitCode: ExitCode { .failure }
    var description: String { "nothing was removed" }
}
