import Foundation
import TermindApplication
import TermindInfrastructure

/// `termind cp --list-partials` and `termind cp --prune-partials [--older-than DAYS]`: the
/// partial-transfer records that interrupted copies left under `$XDG_STATE_HOME/termind/partials/`,
/// listed (stale ones marked), or those older than DAYS removed with their local partial files.
struct PartialRecordsRequest {
    enum Action {
        case list
        case prune(olderThanDays: Int)
    }

    let action: Action
    let json: Bool

    /// The default age of `--older-than`, in days.
    static let defaultDays = Int(PartialTransferFiles.staleAge / 86_400)

    func run(_ context: CommandContext, store: PartialTransferFiles) async throws -> Int32 {
        switch action {
        case .list:
            let entries = try store.storedRecords()
            let now = Date()
            let views = entries.map { PartialRecordView($0, stale: $0.isStale(now: now, age: PartialTransferFiles.staleAge)) }
            let shown = views.filter { !PartialRecordView.leftovers.contains($0.kind) }
            let leftovers = views.count - shown.count
            if json {
                context.out(try JSONOutput.text(views))
            } else if shown.isEmpty {
                context.err("no partial-transfer records in \(store.directory)\n")
            } else {
                context.out(table(shown).text)
            }
            if !json && leftovers > 0 {
                context.err("and \(leftovers) files left there by an earlier version or by a run killed while it saved a record "
                    + "(--prune-partials removes them once \(Self.defaultDays) days old)\n")
            }
        case .prune(let days):
            let outcomes = try await store.prune(olderThan: TimeInterval(days) * 86_400)
            let views = outcomes.map { PrunedRecordView($0.0, $0.1) }
            if json {
                context.out(try JSONOutput.text(views))
            } else {
                // Records are named one by one; placements and old lock files only counted.
                for view in views where view.destination != nil || !view.removed { context.err(view.line + "\n") }
                let removed = views.filter(\.removed)
                let records = removed.filter { $0.destination != nil }.count
                context.err("\(records) partial-transfer record(s) and \(removed.count - records) other file(s) older than \(days) days removed\n")
            }
            if views.contains(where: { !$0.removed }) { return ExitCode.failure.rawValue }
        }
        return 0
    }

    private func table(_ views: [PartialRecordView]) -> OutputTable {
        var table = OutputTable("SAVED", "STALE", "VERIFIED", "DESTINATION", "PARTIAL")
        for view in views {
            let verified = view.verifiedBytes.map { verified in "\(verified) of \(view.sourceSize ?? 0)" } ?? "-"
            table.add(
                view.savedAt, view.stale ? "stale" : "-", verified, view.destination ?? "(\(view.kind): \(view.file))",
                view.partialPath ?? view.problem ?? "-")
        }
        return table
    }
}

/// One entry of `--list-partials`, as printed and as JSON.
struct PartialRecordView: Encodable {
    static let legacyLock = "legacy-lock"
    static let unfinishedWrite = "unfinished-write"
    /// Kinds the table leaves out and only counts.
    static let leftovers: Set<String> = [legacyLock, unfinishedWrite]

    let kind: String
    let file: String
    let savedAt: String
    let stale: Bool
    let source: String?
    let sourceSize: UInt64?
    let destination: String?
    let partialPath: String?
    let verifiedBytes: UInt64?
    let problem: String?

    init(_ entry: StoredPartialRecord, stale: Bool) {
        file = entry.file
        savedAt = ISO8601DateFormatter().string(from: entry.savedAt)
        self.stale = stale
        let record = entry.record
        source = record.map { "\($0.source)" }
        sourceSize = record?.sourceSize
        destination = record.map { "\($0.destination)" }
        partialPath = record?.partialPath
        verifiedBytes = record?.verifiedBytes
        switch entry.content {
        case .record: kind = "record"; problem = nil
        case .placement: kind = "placement"; problem = nil
        case .legacyLock: kind = Self.legacyLock; problem = nil
        case .unfinishedWrite: kind = Self.unfinishedWrite; problem = nil
        case .unreadable(let why): kind = "unreadable"; problem = why
        }
    }
}

/// One entry `--prune-partials` dealt with.
struct PrunedRecordView: Encodable {
    let file: String
    let destination: String?
    let removed: Bool
    let partialRemoved: String?
    let note: String?

    init(_ entry: StoredPartialRecord, _ outcome: PartialTransferFiles.PruneOutcome) {
        file = entry.file
        destination = entry.record.map { "\($0.destination)" }
        switch outcome {
        case .removed(let partial): removed = true; partialRemoved = partial; note = nil
        case .removedKeepingPartial(let why): removed = true; partialRemoved = nil; note = why
        case .kept(let why): removed = false; partialRemoved = nil; note = why
        }
    }

    var line: String {
        let what = destination.map { "the record for \($0)" } ?? file
        guard removed else { return "termind: kept \(what): \(note ?? "")" }
        var text = "removed \(what)"
        if let partialRemoved { text += " and its partial file \(partialRemoved)" }
        if let note { text += "; \(note)" }
        return text
    }
}
