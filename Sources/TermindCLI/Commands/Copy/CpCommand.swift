import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure

/// `termind cp [-r] [--resume] [--wait] [--on-conflict POLICY] [--preserve-mode] [--parallel N] [--json] SRC... DST`:
/// uploads, downloads and remote copies through the transfer engine (docs/behaviour.md §4): a temporary
/// file beside each destination, committed by rename after an exact byte count and SHA-256;
/// partials kept on a lost connection or Ctrl-C and continued by `--resume`.
struct CpCommand: Command {
    static let definition = CommandDefinition(
        name: "cp", abstract: "Copy files and directory trees to, from and between Hosts over SFTP",
        discussion: """
            A remote path is HOST:PATH, HOST being a Vault label or an ad-hoc
            [user@]hostname[:port] (then HOST:PORT:PATH); anything else is local. As with cp, an
            existing directory DST receives each SRC under its own name; otherwise one SRC is
            copied to DST. Files are written to a temporary '.NAME.termind-partial' beside the
            destination and renamed into place only after their size and SHA-256 check out.
            A lost connection or Ctrl-C keeps the partial files (listed, exit 8 or 130); run the
            same command with --resume to continue them after their prefix is verified.
            One transfer writes a destination at a time: another to the same destination fails
            at once (exit 1), or with --wait waits for it. Anything at a partial's name that
            is not Termind's own partial (a symlink, another user's file) is refused, untouched.
            Without --on-conflict, an existing destination file is asked about on a terminal and
            fails otherwise (exit 1). Files and directories get the source's read, write and
            execute bits (mode & 0777) and modification time; setuid, setgid and sticky bits are
            kept only on an upload with --preserve-mode, never on a download. A symlink already
            below the destination where a directory would go is never followed: it is a
            conflict (skip or keep-both settle it). Progress goes to stderr: a bar on a
            terminal, JSON lines with --json, whose summary goes to stdout.
            """,
        arguments: [.init("PATH", .fileLocation, optional: true, repeating: true, help: "SRC... DST: local paths or HOST:PATH")],
        options: ConnectionOptions.definitions + [ConnectionOptions.noShareOption] + [
            ConnectionOptions.ioTimeout,
            .flag("recursive", short: "r", help: "Copy directories and everything in them (directories merge)"),
            .flag("resume", help: "Continue partial files an interrupted earlier run left, after checking their prefix"),
            .flag("wait", help: "Wait for another transfer writing a destination to finish, instead of failing"),
            .option("on-conflict", .choice(ConflictPolicy.allCases.map(\.rawValue)), valueName: "POLICY",
                    help: "When a destination file exists: overwrite, skip, keep-both (name (1).ext) or fail"),
            .flag("preserve-mode", help: "Keep setuid, setgid and sticky bits on uploads (a download never sets them)"),
            .option("parallel", .integer(1...64), valueName: "N", help: "Transfers at once (default 4)"),
            .option("max-depth", .integer(0...1_000), valueName: "N",
                    help: "Directories deep below a source that -r goes (default 64, at most 1000); deeper ones fail, named"),
            .option("max-listing", .integer(1...1_000_000_000), valueName: "N",
                    help: "Entries one directory may list (default 1000000); a bigger one fails, named"),
            .flag("json", help: "Progress as JSON lines on stderr; the summary as a JSON object on stdout"),
            .flag("list-partials", help: "List the partial-transfer records interrupted copies left (stale after 30 days); no copy"),
            .flag("prune-partials", help: "Remove records older than --older-than days and their local partial files; no copy"),
            .option("older-than", .integer(0...36_500), valueName: "DAYS",
                    help: "With --prune-partials: how old a record must be (default 30)"),
        ],
        examples: [
            "termind cp web:/var/log/app.log .",
            "termind cp -r ./site web:/srv/www",
            "termind cp --resume backup:/dumps/db.sql.gz ~/dumps/",
            "termind cp --on-conflict keep-both report.pdf web:reports/",
            "termind cp --list-partials",
        ])

    let sources: [FileLocation]
    let destination: FileLocation
    let recursive: Bool
    let resume: Bool
    let waitForWriters: Bool
    let policy: ConflictPolicy?
    let preserveMode: Bool
    let parallel: Int
    let maxDepth: Int
    let maxListing: Int
    let json: Bool
    let options: ConnectionOptions
    /// `--list-partials` or `--prune-partials`, which copy nothing.
    let partialRecords: PartialRecordsRequest?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        let paths = parsed.argumentList("PATH")
        json = parsed.flag("json")
        options = ConnectionOptions(parsed)
        if parsed.flag("list-partials") || parsed.flag("prune-partials") {
            guard paths.isEmpty, !(parsed.flag("list-partials") && parsed.flag("prune-partials")) else {
                throw UsageError("--list-partials and --prune-partials take no paths and go alone")
            }
            partialRecords = PartialRecordsRequest(
                action: parsed.flag("list-partials")
                    ? .list : .prune(olderThanDays: parsed.integer("older-than") ?? PartialRecordsRequest.defaultDays),
                json: json)
            (sources, destination) = ([], FileLocation.local("."))
            (recursive, resume, waitForWriters, policy, preserveMode) = (false, false, false, nil, false)
            (parallel, maxDepth, maxListing) = (1, 0, 0)
            return
        }
        partialRecords = nil
        guard paths.count >= 2 else { throw UsageError("give at least one source and a destination: termind cp SRC... DST") }
        var locations: [FileLocation] = []
        for path in paths { locations.append(try FileLocation(parsing: path)) }
        destination = locations.removeLast()
        sources = locations
        recursive = parsed.flag("recursive")
        resume = parsed.flag("resume")
        waitForWriters = parsed.flag("wait")
        policy = parsed.value("on-conflict").flatMap(ConflictPolicy.init(rawValue:))
        preserveMode = parsed.flag("preserve-mode")
        parallel = parsed.integer("parallel") ?? 4
        maxDepth = parsed.integer("max-depth") ?? TransferBatch.defaultMaxDepth
        maxListing = parsed.integer("max-listing") ?? TransferBatch.defaultMaxListing
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        if let partialRecords {
            let paths = XDGPaths(
                environment: context.environment, homeDirectory: SystemLocalAccount(environment: context.environment).homeDirectory,
                currentDirectory: FileManager.default.currentDirectoryPath)
            return try await partialRecords.run(context, store: PartialTransferFiles(paths: paths))
        }
        let access = try ConnectionAccess(context, options: options, sharing: true)
        let sites = TransferSites(access: access)
        let batch: TransferBatch
        do {
            let (sources, destination) = (sources, destination)
            let endpoints = try await InterruptibleRun.run("connecting for the copy") {
                (try await sources.asyncMap { try await sites.endpoint(for: $0) }, try await sites.endpoint(for: destination))
            }
            batch = TransferBatch(
                sources: endpoints.0, destination: endpoints.1,
                recursive: recursive, resume: resume, conflicts: conflictHandling, waitForWriters: waitForWriters,
                preserveMode: preserveMode, maxDepth: maxDepth, maxListing: maxListing)
        } catch {
            await sites.close()
            context.err(ConnectionAccess.message(for: error))
            return (error as? any CategorizedFailure)?.exitCode.rawValue ?? ExitCode.failure.rawValue
        }
        let progress = TransferProgressReporter(context: context, json: json, terminal: isatty(STDERR_FILENO) == 1)
        let engine = TransferEngine(
            parallel: parallel, store: PartialTransferFiles(paths: access.paths),
            observer: { progress.record($0) })
        let report = await InterruptibleRun.run { await engine.run(batch) }
        progress.finish()
        await sites.close()
        if json {
            context.out(try JSONOutput.text(TransferReportView(report)))
        } else {
            context.err(TransferSummary(report).text)
        }
        return report.exitCode.rawValue
    }

    /// `--on-conflict`, else a question on the terminal, else fail (a script never overwrites
    /// by surprise).
    private var conflictHandling: ConflictHandling {
        if let policy { return .apply(policy) }
        if options.mayPrompt { return .ask(TerminalConflictResolver()) }
        return .apply(.fail)
    }
}

private extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async throws -> [T] {
        var results: [T] = []
        results.reserveCapacity(count)
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
