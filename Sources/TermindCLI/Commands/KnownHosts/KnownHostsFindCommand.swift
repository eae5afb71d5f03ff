import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure

/// `termind known-hosts find HOSTNAME [--port N] [--file F]... [--json]`: which trust records
/// name a host, offline, as `ssh-keygen -F` finds them (docs/behaviour.md §2): plain and hashed
/// entries, `[host]:port` for a port other than 22, patterns and negations, and records of every
/// marker (`@revoked`, `@cert-authority`) listed with it. Looks in the Vault's Known Hosts and
/// `~/.ssh/known_hosts` (and `known_hosts2`), or only in the files given with `--file`.
struct KnownHostsFindCommand: Command {
    static let definition = CommandDefinition(
        name: "find", abstract: "List the Known Hosts and known_hosts lines that match a host (offline, like ssh-keygen -F)",
        discussion: """
            Matches as ssh does: plain and hashed (|1|) entries, comma lists, * and ? wildcards, ! negations,
            and [HOSTNAME]:PORT when the port is not 22. Lines of every marker are listed (@revoked,
            @cert-authority), each with its file and line, or with "Vault" and the record's id. Looks in the Vault
            and ~/.ssh/known_hosts (and known_hosts2), or only in the files given with --file. Exits 0 when
            something matched, 1 when nothing did, 2 on a usage error or a --file that cannot be read.
            """,
        arguments: [.init("HOSTNAME", help: "The host name or address to look up (or [HOSTNAME]:PORT)")],
        options: [
            .option("port", short: "p", .integer(1...65535), help: "The port (default 22)"),
            .option("file", short: "f", .path, valueName: "FILE", repeating: true,
                help: "Look only in this known_hosts file, not the Vault nor ~/.ssh (repeatable)"),
            .flag("json", help: "Print a JSON object"),
        ],
        examples: [
            "termind known-hosts find db.example.com --port 2222",
            "termind known-hosts find web.example.com --file ~/.ssh/known_hosts --json",
        ])

    /// What `--json` prints.
    struct Report: Encodable {
        let hostname: String
        let port: Int
        /// The name looked up: `hostname`, or `[hostname]:port` when the port is not 22.
        let lookupName: String
        let found: Bool
        let matches: [Match]
    }

    /// One matching record and where it lives.
    struct Match: Encodable {
        /// `file` or `vault`.
        let source: String
        @NullWhenAbsent var file: String?
        /// The 1-based line in `file`.
        @NullWhenAbsent var line: Int?
        /// The Vault record's id.
        @NullWhenAbsent var id: String?
        @NullWhenAbsent var marker: String?
        let pattern: String
        let type: String
        let fingerprint: String
        let comment: String
        /// The record as a known_hosts line.
        let text: String
    }

    let hostname: String
    let port: Int
    let files: [String]
    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        let given = parsed.argument("HOSTNAME")!
        // `[host]:port`, as ssh-keygen -F takes it too.
        if given.hasPrefix("["), let close = given.lastIndex(of: "]"), given[close...].hasPrefix("]:") {
            guard let port = Int(given[given.index(close, offsetBy: 2)...]), (1...65535).contains(port) else {
                throw UsageError("HOSTNAME '\(given)': the port after ']:' is not a whole number from 1 to 65535")
            }
            guard parsed.integer("port") == nil else {
                throw UsageError("HOSTNAME '\(given)' names a port already; leave out --port")
            }
            hostname = String(given[given.index(after: given.startIndex)..<close])
            self.port = port
        } else {
            hostname = given
            port = parsed.integer("port") ?? 22
        }
        guard !hostname.isEmpty, !hostname.contains(where: \.isWhitespace) else {
            throw UsageError("HOSTNAME cannot be empty or contain whitespace")
        }
        files = parsed.values("file")
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        var records: [KnownHost] = []
        var places: [Match.Place] = []
        if files.isEmpty {
            let snapshot = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot()
            records += snapshot.knownHosts
            places += snapshot.knownHosts.map { .vault(id: $0.id) }
            for entry in ConnectionOpener.systemKnownHosts(context) {
                records.append(entry.record)
                places.append(.file(entry.file, line: entry.line))
            }
        } else {
            for file in files {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
                    FileManager.default.isReadableFile(atPath: file)
                else { throw FileReadFailure(path: file, exitCode: .usage) }
                for entry in SystemKnownHosts(files: [file], logger: context.logger).load() {
                    records.append(entry.record)
                    places.append(.file(entry.file, line: entry.line))
                }
            }
        }
        let matches = KnownHostsMatcher(records: records).matchingIndices(hostname: hostname, port: port, marker: nil)
            .map { Match(records[$0], at: places[$0]) }
        let lookupName = KnownHostsMatcher.lookupName(hostname: hostname, port: port)
        if json {
            context.out(try JSONOutput.text(Report(
                hostname: hostname, port: port, lookupName: lookupName, found: !matches.isEmpty, matches: matches)))
        } else if matches.isEmpty {
            context.err("termind: no Known Host nor known_hosts line matches \(context.shownOnErr(lookupName))\n")
        } else {
            context.out(matches.map { "\(context.shown($0.location)): \(context.shown($0.text))\n" }.joined())
        }
        return matches.isEmpty ? ExitCode.failure.rawValue : ExitCode.success.rawValue
    }
}

extension KnownHostsFindCommand.Match {
    /// Where a record was read.
    enum Place {
        case vault(id: UUID)
        case file(String, line: Int)
    }

    init(_ record: KnownHost, at place: Place) {
        switch place {
        case .vault(let id):
            source = "vault"
            self.id = id.uuidString.lowercased()
        case .file(let path, let line):
            source = "file"
            file = path
            self.line = line
        }
        marker = record.marker == .none ? nil : record.marker.rawValue
        pattern = record.pattern
        type = record.keyType
        fingerprint = record.fingerprint.description
        comment = record.comment
        text = record.line
    }

    /// `FILE:LINE`, or `Vault ID`, as the text output starts each match.
    var location: String {
        if let file, let line { return "\(file):\(line)" }
        return "Vault \(id ?? "")"
    }
}
