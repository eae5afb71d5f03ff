import Foundation
import TermindApplication
import TermindDomain

/// The Import screen: what `~/.ssh` holds as a checklist in four sections (Hosts, Identities,
/// Keys, Known Hosts), each row with its status against the Vault. Only `new` rows can be
/// checked; the Known Hosts are taken together (every new record, or none), as the import's
/// selection has them. Enter turns the checked rows into an `ImportSelection`, which must pass
/// `ImportPlan`'s rules before the services commit it. A plain value owned by the workbench.
struct ImportScreen {
    /// Which opening of the screen a background result is for.
    typealias ID = UUID

    enum Section: Int, CaseIterable {
        case hosts, identities, keys, knownHosts

        var title: String {
            switch self {
            case .hosts: "Hosts"
            case .identities: "Identities"
            case .keys: "Keys"
            case .knownHosts: "Known Hosts"
            }
        }
    }

    /// One preview item: its section and 1-based index there.
    struct Row: Equatable {
        let section: Section
        let index: Int
        /// What the selection names it by (alias, label, key label; a Known Host's pattern).
        let name: String
        let detail: String
        let status: ImportStatus
        /// Notes and warnings to read when the row is under the cursor.
        let notes: [String]

        var id: RowID { RowID(section: section, index: index) }
    }

    struct RowID: Hashable {
        let section: Section
        let index: Int
    }

    enum Phase: Equatable {
        /// Reading `~/.ssh`.
        case loading
        case choosing
        /// Writing the checked items.
        case committing
        /// Written: what the report says.
        case done([String])
        /// The preview could not be built.
        case failed(String)
    }

    /// Tells a stale answer (the screen closed and opened again) from the current one.
    let id = ID()
    var phase = Phase.loading
    private(set) var preview: ImportPreview?
    private(set) var rows: [Row] = []
    private(set) var checked: Set<RowID> = []
    var cursor = 0
    /// Why the last key did nothing (a refused selection, a row that cannot be checked).
    var problem: String?

    /// Shows `preview` as the checklist, nothing checked.
    mutating func show(_ preview: ImportPreview) {
        self.preview = preview
        rows = Self.rows(of: preview)
        checked = []
        cursor = 0
        problem = nil
        phase = .choosing
    }

    var currentRow: Row? { rows.indices.contains(cursor) ? rows[cursor] : nil }

    func isChecked(_ row: Row) -> Bool { checked.contains(row.id) }

    var newRows: [Row] { rows.filter { $0.status.isNew } }

    mutating func moveCursor(by delta: Int) {
        guard !rows.isEmpty else { return }
        cursor = min(max(0, cursor + delta), rows.count - 1)
    }

    /// Checks or clears the row under the cursor (every new Known Host, for one of them).
    mutating func toggleCurrent() {
        guard let row = currentRow else { return }
        guard row.status.isNew else {
            problem = "only new items can be checked: \(row.section.singular) '\(row.name)' is \(row.status.name)"
                + (row.status.reason.map { " (\($0))" } ?? "")
            return
        }
        problem = nil
        let group = row.section == .knownHosts ? newRows.filter { $0.section == .knownHosts }.map(\.id) : [row.id]
        if checked.contains(row.id) {
            checked.subtract(group)
        } else {
            checked.formUnion(group)
        }
    }

    /// Checks every new row, or clears them all when every one is checked already.
    mutating func toggleAll() {
        problem = nil
        let all = Set(newRows.map(\.id))
        checked = checked == all ? [] : all
    }

    /// The checked rows as the import's selection: `all` when every new row is checked (as
    /// `termind import --all`), else the rows by name.
    var selection: ImportSelection {
        let all = Set(newRows.map(\.id))
        if !all.isEmpty && checked == all { return ImportSelection(all: true) }
        func names(_ section: Section) -> [String] {
            rows.filter { $0.section == section && checked.contains($0.id) }.map(\.name)
        }
        return ImportSelection(
            hosts: names(.hosts), identities: names(.identities), keys: names(.keys), knownHosts: !names(.knownHosts).isEmpty)
    }

    // MARK: - Rows

    private static func rows(of preview: ImportPreview) -> [Row] {
        var rows: [Row] = []
        for host in preview.hosts {
            let login = host.user.map { "\($0)@" } ?? ""
            let jump = host.proxyJump.isEmpty ? "" : " via \(host.proxyJump.joined(separator: ","))"
            rows.append(Row(
                section: .hosts, index: host.index, name: host.alias, detail: "\(login)\(host.hostname):\(host.port)\(jump)",
                status: host.status, notes: host.notes))
        }
        for identity in preview.identities {
            rows.append(Row(
                section: .identities, index: identity.index, name: identity.label,
                detail: "user \(identity.username), Key '\(preview.key(identity.keyIndex).label)'", status: identity.status,
                notes: []))
        }
        for key in preview.keys {
            var detail = key.publicKey.map { "\($0.algorithm.rawValue) \($0.bits)" } ?? key.format.rawValue
            if key.isEncrypted { detail += ", encrypted" }
            rows.append(Row(section: .keys, index: key.index, name: key.label, detail: detail, status: key.status, notes: key.warnings))
        }
        for record in preview.knownHosts {
            let pattern = record.isHashed ? "(hashed) " + String(record.record.pattern.prefix(12)) + "…" : record.record.pattern
            rows.append(Row(
                section: .knownHosts, index: record.index, name: pattern,
                detail: "\(record.record.keyType) \(record.location)", status: record.status, notes: []))
        }
        return rows
    }

    /// The report as lines to read: what was written, then the plan's notes.
    static func summary(of report: ImportReport) -> [String] {
        var lines: [String] = []
        func add(_ count: Int, _ one: String, _ many: String, _ names: [String]) {
            guard count > 0 else { return }
            lines.append("\(count) \(count == 1 ? one : many)" + (names.isEmpty ? "" : ": " + names.joined(separator: ", ")))
        }
        add(report.hosts.count, "Host", "Hosts", report.hosts.map(\.label.rawValue))
        add(report.identities.count, "Identity", "Identities", report.identities.map(\.label.rawValue))
        add(report.keys.count, "Key", "Keys", report.keys.map { $0.label.rawValue + ($0.isEncrypted ? " (still encrypted)" : "") })
        add(report.knownHosts.count, "Known Host", "Known Hosts", [])
        lines = lines.isEmpty ? ["Nothing was written."] : ["Written to the Vault:"] + lines.map { "  " + $0 }
        lines += report.notes.map { "note: \($0)" }
        return lines
    }
}

extension ImportScreen.Section {
    var singular: String {
        switch self {
        case .hosts: "Host"
        case .identities: "Identity"
        case .keys: "Key"
        case .knownHosts: "Known Host"
        }
    }
}
