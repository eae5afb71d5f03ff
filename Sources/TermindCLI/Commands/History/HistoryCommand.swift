import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure

/// `termind history [HOST] [--search TEXT] [--failed] [--limit N] [--json]`: the commands run in
/// shells with Termind's shell integration (docs/behaviour.md §3), newest first.
struct HistoryCommand: Command {
    static let definition = CommandDefinition(
        name: "history", abstract: "Show and search the commands run on Hosts",
        discussion: """
            Commands are recorded from shells started with Termind's shell integration (bash 4+
            and zsh; see `hosts edit --shell-integration`), at most 1,000 per Host. A command
            typed with a leading space is not recorded.
            """,
        arguments: [.init("HOST", .host, optional: true, help: "Only this Host's commands (default every Host)")],
        options: [
            .option("search", valueName: "TEXT", help: "Only commands containing TEXT (any case)"),
            .flag("failed", help: "Only commands that exited with a non-zero status"),
            .option("limit", .integer(1...100_000), valueName: "N", help: "At most N commands (default 50)"),
            .flag("json", help: "Print a JSON array"),
        ],
        examples: ["termind history web --search deploy", "termind history --failed --limit 10 --json"])

    let host: String?
    let query: CommandHistoryQuery
    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        host = parsed.argument("HOST")
        query = CommandHistoryQuery(
            text: parsed.value("search"), failedOnly: parsed.flag("failed"), limit: parsed.integer("limit") ?? 50)
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = VaultAccess(context, dataDirectory: dataDirectory)
        let snapshot = try await access.store.snapshot()
        var query = self.query
        if let host {
            guard let record = snapshot.host(host) else { throw VaultRuleViolation.missingRecord(kind: .host, label: host) }
            query.hostID = record.id
        }
        let entries = try await SQLiteVaultStore(database: access.services.database).searchCommands(query)
        let views = entries.map { CommandHistoryView($0, host: snapshot.host(id: $0.hostID)?.label.rawValue ?? "-") }
        if json {
            context.out(try JSONOutput.text(views))
            return 0
        }
        var table = OutputTable("STARTED", "HOST", "STATUS", "DURATION", "DIRECTORY", "COMMAND")
        for view in views {
            table.add(
                Self.localTime(view.startedAt), view.host, view.exitStatus.map(String.init) ?? "-",
                view.durationMs.map(Self.duration) ?? "-", view.directory ?? "-",
                view.command.replacingOccurrences(of: "\n", with: " ⏎ "))
        }
        context.out(table.text)
        return 0
    }

    static func localTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    /// `850ms`, `12.3s`, `4m05s`.
    static func duration(_ milliseconds: Int64) -> String {
        if milliseconds < 1000 { return "\(milliseconds)ms" }
        if milliseconds < 60_000 { return String(format: "%.1fs", Double(milliseconds) / 1000) }
        let seconds = milliseconds / 1000
        return String(format: "%dm%02ds", seconds / 60, seconds % 60)
    }
}
