import TermindApplication
import TermindDomain

/// The shapes every Vault record kind shares (`list`, `show LABEL`, `rm LABEL`): one
/// declaration each, so the `hosts`, `identities`, `keys`, `snippets` and `known-hosts`
/// commands state only what differs — how a record is shown or removed.

/// `termind <kind> list [--json]`: a table, or a JSON array of the kind's views.
protocol ListRecordsCommand: Command {
    associatedtype View: Encodable
    static var kind: VaultRecordKind { get }
    static var extraOptions: [OptionDefinition] { get }
    var options: RecordOptions { get }
    init(options: RecordOptions, parsed: ParsedCommandLine) throws(UsageError)
    func views(of snapshot: VaultSnapshot) -> [View]
    func table(of views: [View]) -> OutputTable
}

extension ListRecordsCommand {
    static var extraOptions: [OptionDefinition] { [] }

    static var definition: CommandDefinition {
        CommandDefinition(
            name: "list", abstract: "List \(kind.plural)",
            options: extraOptions + [.flag("json", help: "Print a JSON array")])
    }

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        try self.init(options: RecordOptions(parsed), parsed: parsed)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let snapshot = try await VaultAccess(context, dataDirectory: options.dataDirectory).store.snapshot()
        let views = views(of: snapshot)
        context.out(options.json ? try JSONOutput.text(views) : table(of: views).text)
        return 0
    }
}

/// `termind <kind> show LABEL [--json]`: `name: value` lines, or a JSON object.
protocol ShowRecordCommand: Command {
    associatedtype View: Encodable
    static var kind: VaultRecordKind { get }
    static var argument: ArgumentDefinition { get }
    var options: RecordOptions { get }
    init(options: RecordOptions)
    /// The record's view; throws `missingRecord` when no record has the label.
    func view(in snapshot: VaultSnapshot) throws -> View
    func text(of view: View) -> String
}

extension ShowRecordCommand {
    /// A Host's label completes to the Vault's labels, as `connect`'s does.
    static var argument: ArgumentDefinition { .init("LABEL", kind == .host ? .host : .text, help: "The \(kind.singular)'s label") }

    static var definition: CommandDefinition {
        CommandDefinition(
            name: "show", abstract: "Show one \(kind.singular)", arguments: [argument],
            options: [.flag("json", help: "Print a JSON object")])
    }

    init(_ parsed: ParsedCommandLine) throws(UsageError) { self.init(options: RecordOptions(parsed)) }

    var label: String { options.label }

    func run(_ context: CommandContext) async throws -> Int32 {
        let view = try view(in: try await VaultAccess(context, dataDirectory: options.dataDirectory).store.snapshot())
        context.out(options.json ? try JSONOutput.text(view) : text(of: view))
        return 0
    }

    /// The record, or the error that names the missing label.
    func require<Record>(_ record: Record?) throws -> Record {
        guard let record else { throw VaultRuleViolation.missingRecord(kind: Self.kind, label: label) }
        return record
    }
}

/// `termind <kind> rm LABEL [--force]`.
protocol RemoveRecordCommand: Command {
    static var kind: VaultRecordKind { get }
    static var abstract: String { get }
    /// What `--force` does, for kinds other records use; nil when there is no `--force`.
    static var forceHelp: String? { get }
    var options: RecordOptions { get }
    init(options: RecordOptions)
    func remove(with editor: VaultEditor) async throws
}

extension RemoveRecordCommand {
    static var forceHelp: String? { nil }

    static var definition: CommandDefinition {
        CommandDefinition(
            name: "rm", abstract: abstract, arguments: [.init("LABEL", kind == .host ? .host : .text, help: "The \(kind.singular)'s label")],
            options: forceHelp.map { [.flag("force", help: $0)] } ?? [])
    }

    init(_ parsed: ParsedCommandLine) throws(UsageError) { self.init(options: RecordOptions(parsed)) }

    var label: String { options.label }
    var force: Bool { options.force }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await remove(with: VaultAccess(context, dataDirectory: options.dataDirectory).editor())
        context.out("removed \(Self.kind.singular) '\(label)'\n")
        return 0
    }
}

/// What those commands read from their command line.
struct RecordOptions {
    let label: String
    let json: Bool
    let force: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) {
        label = parsed.argument("LABEL") ?? parsed.argument("PATTERN") ?? ""
        json = parsed.flag("json")
        force = parsed.flag("force")
        dataDirectory = parsed.value("data-dir")
    }
}
