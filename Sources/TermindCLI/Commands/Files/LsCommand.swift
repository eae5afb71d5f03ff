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
        arguments: [.init("HOST:PATH", .remoteLocation, help: "The remote directory or file, e.g. web:/var/log")],
        options: ConnectionOptions.definitionsWithoutShortLogin + [ConnectionOptions.noShareOption] + [
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
        let access = try ConnectionAccess(context, options: options, sharing: true)
        let what = "the listing of \(TerminalSafeText("\(destination):\(path)").text)"
        let command = self
        // Ctrl-C cancels the listing between two replies of the server (an endless listing
        // runs until then); what was written before stays written.
        return try await InterruptibleRun.run(what) { try await command.list(access, context) }
    }

    private func list(_ access: ConnectionAccess, _ context: CommandContext) async throws -> Int32 {
        try await access.withFileSystem(on: destination) { fileSystem in
            let target = try await fileSystem.stat(path)
            var output = ListingOutput(context: context, long: long, json: json, directory: "\(destination):\(path)")
            guard target.isDirectory else {
                try output.add([ListedFile(target, target: nil)])
                try output.finish()
                return 0
            }
            try await fileSystem.list(path) { part in
                let shown = all ? part : part.filter { !$0.name.hasPrefix(".") }
                try output.add(try await linked(shown, on: fileSystem))
            }
            try output.finish()
            return 0
        }
    }

    /// The text `ls` writes for `entries`, in their order: JSON, a long table,
    /// or one name a line. On a terminal a name's control characters show as escapes
    /// (`TerminalSafeText`); in a pipe the names are written as they are.
    static func listing(_ entries: [ListedFile], long: Bool, json: Bool, context: CommandContext) throws -> String {
        var text = ""
        var output = ListingOutput(context: context, long: long, json: json, directory: "", sortLimit: .max) { text += $0 }
        output.sorts = false
        try output.add(entries)
        try output.finish()
        return text
    }

    /// A reply's entries as `ls` shows them: a symlink's target is worth a round trip only where
    /// it is shown, and the reply's READLINKs are sent together.
    private func linked(_ files: [RemoteFile], on fileSystem: any RemoteFileSystem) async throws -> [ListedFile] {
        guard long || json, files.contains(where: { $0.kind == .symlink }) else {
            return files.map { ListedFile($0, target: nil) }
        }
        let targets = await withTaskGroup(of: (Int, String?).self) { group in
            for (index, file) in files.enumerated() where file.kind == .symlink {
                group.addTask { (index, try? await fileSystem.readlink(file.path)) }
            }
            var targets: [Int: String] = [:]
            for await (index, target) in group { targets[index] = target }
            return targets
        }
        try Task.checkCancellation()
        return files.enumerated().map { ListedFile($1, target: targets[$0]) }
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
        mode = file.attributes.permissions.map(Self.octal)
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

    var sizeText: String { size.map { String($0) } ?? "-" }

    /// `yyyy-MM-dd HH:mm` in local time, by `localtime_r`: a `DateFormatter` per row was most
    /// of `ls -l`'s time.
    var modifiedText: String {
        guard let modified else { return "-" }
        var seconds = time_t(exactly: modified.timeIntervalSince1970.rounded(.down)) ?? 0
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "-" }
        var text = String(parts.tm_year + 1900)
        for (separator, value) in [("-", parts.tm_mon + 1), ("-", parts.tm_mday), (" ", parts.tm_hour), (":", parts.tm_min)] {
            text += value < 10 ? separator + "0" + String(value) : separator + String(value)
        }
        return text
    }

    /// `0644`: at least four octal digits.
    private static func octal(_ permissions: UInt32) -> String {
        let digits = String(permissions, radix: 8)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }
}
