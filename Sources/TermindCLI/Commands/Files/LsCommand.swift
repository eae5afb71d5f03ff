import Foundation
import TermindApplication
import TermindDomain

/// `termind ls [-l] [-a] [--json] HOST:PATH`: a remote directory's entries (or one file),
/// sorted by name, over SFTP.
struct LsCommand: Command {
    static let definition = CommandDefinition(
        name: "ls", abstract: "List a remote directory over SFTP",
        discussion: """
            HOST is a Vault label or an ad-hoc [user@]hostname[:port]; a relative PATH starts in
            the remote home directory. Entries starting with '.' show only with -a. On a
            terminal, control characters in names show as octal escapes (ESC as \\033) and a
            backslash as \\\\; in a pipe names are written as they are.
            """,
        arguments: [.init("HOST:PATH", help: "The remote directory or file, e.g. web:/var/log")],
        options: ConnectionOptions.definitionsWithoutShortLogin + [
            ConnectionOptions.ioTimeout,
            .flag("long", short: "l", help: "Mode, size, modification time and name; symlinks show their target"),
            .flag("all", short: "a", help: "Include entries whose names start with '.'"),
            .flag("json", help: "A JSON array: name, path, kind, size, mode, modified, uid, gid, target"),
        ],
        examples: ["termind ls web:/var/log", "termind ls -la --json deploy@10.0.0.5:2222:"])

    let destination: String
    let path: String
    let long: Bool
    let all: Bool
    let json: Bool
    let options: ConnectionOptions

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        let argument = parsed.argument("HOST:PATH")!
        guard case .remote(let destination, let path) = try FileLocation(parsing: argument) else {
            throw UsageError("'\(argument)' is a local path; give HOST:PATH (for local files, use ls)")
        }
        self.destination = destination
        self.path = path
        long = parsed.flag("long")
        all = parsed.flag("all")
        json = parsed.flag("json")
        options = ConnectionOptions(parsed)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = try ConnectionAccess(context, options: options)
        let what = "the listing of \(TerminalSafeText("\(destination):\(path)").text)"
        let entries = try await InterruptibleRun.run(what) { try await self.entries(through: access) }
        context.out(try Self.listing(entries, long: long, json: json, context: context))
        return 0
    }

    /// The entries to show, read over SFTP.
    private func entries(through access: ConnectionAccess) async throws -> [ListedFile] {
        try await access.withFileSystem(on: destination) { fileSystem in
            let target = try await fileSystem.stat(path)
            var entries = target.isDirectory ? try await fileSystem.list(path) : [target]
            if !all { entries.removeAll { $0.name.hasPrefix(".") && target.isDirectory } }
            entries.sort { $0.name < $1.name }
            var listed: [ListedFile] = []
            for entry in entries {
                // A symlink's target is worth a round trip only where it is shown.
                let link = (long || json) && entry.kind == .symlink ? try? await fileSystem.readlink(entry.path) : nil
                listed.append(ListedFile(entry, target: link))
            }
            return listed
        }
    }

    /// The text `ls` writes for `entries`: JSON, a long table, or one name a line. On a
    /// terminal a name's control characters show as escapes (`TerminalSafeText`); in a pipe the
    /// names are written as they are.
    static func listing(_ entries: [ListedFile], long: Bool, json: Bool, context: CommandContext) throws -> String {
        if json { return try JSONOutput.text(entries) }
        guard long else { return entries.map { context.shown($0.name) + "\n" }.joined() }
        var table = OutputTable("MODE", "SIZE", "MODIFIED", "NAME")
        for entry in entries {
            let name = context.shown(entry.name)
            table.add(entry.modeText, entry.size.map(String.init) ?? "-", entry.modifiedText,
                      entry.target.map { "\(name) -> \(context.shown($0))" } ?? name)
        }
        return table.text
    }
}

/// One entry as `ls` prints it, and its `--json` form (a contract for scripts).
struct ListedFile: Encodable {
    let name: String
    let path: String
    let kind: FileKind
    let size: UInt64?
    /// Octal permission bits, `0644`.
    let mode: String?
    let modified: Date?
    let uid: UInt32?
    let gid: UInt32?
    /// A symlink's target.
    let target: String?
    private let fullMode: UInt32?

    init(_ file: RemoteFile, target: String?) {
        name = file.name
        path = file.path
        kind = file.kind
        size = file.attributes.size
        mode = file.attributes.permissions.map { String(format: "%04o", $0) }
        modified = file.attributes.modified.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        uid = file.attributes.userID
        gid = file.attributes.groupID
        self.target = target
        fullMode = file.attributes.mode
    }

    enum CodingKeys: String, CodingKey {
        case name, path, kind, size, mode, modified, uid, gid, target
    }

    var modeText: String { fullMode.map(FileModeText.text) ?? "?" }

    var modifiedText: String {
        guard let modified else { return "-" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: modified)
    }
}
