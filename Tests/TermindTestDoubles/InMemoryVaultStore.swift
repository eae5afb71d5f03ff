import Foundation
import TermindApplication
import TermindDomain

/// A `VaultStore` held in memory, for use-case tests. It keeps the promises of the SQLite store
/// that the use cases rely on: `apply` writes all its changes or none, a label is unique within
/// its kind (`VaultRuleViolation.duplicateLabel`), a record still named by another cannot be
/// removed (`VaultRuleViolation.recordInUse`, as the foreign keys do), and removing an id that is
/// not there does nothing. `failNextApply()` makes the next `apply` fail as a locked store would.
public actor InMemoryVaultStore: VaultStore {
    /// The failure `failNextApply()` injects: a store locked by another process.
    public static let injectedFailure = VaultUnavailable(location: "in-memory vault", cause: .locked(seconds: 5))

    public let journal: VaultJournal
    private var current: VaultSnapshot
    private var failsNextApply = false
    private var connections: [ConnectionHistoryEntry] = []
    private var commands: [CommandHistoryEntry] = []
    private var visits: [SFTPHistoryEntry] = []

    public init(_ snapshot: VaultSnapshot = VaultSnapshot(), journal: VaultJournal = VaultJournal()) {
        current = snapshot
        self.journal = journal
    }

    public func failNextApply() { failsNextApply = true }

    /// The Vault as another process left it: `snapshot` replaces everything, unchecked.
    public func reset(to snapshot: VaultSnapshot) { current = snapshot }

    /// The batches committed so far, oldest first.
    public nonisolated var appliedBatches: [[VaultChange]] {
        journal.entries.compactMap { if case .applied(let changes) = $0 { changes } else { nil } }
    }

    public func snapshot() -> VaultSnapshot { current }

    public func apply(_ changes: [VaultChange]) throws {
        if failsNextApply {
            failsNextApply = false
            journal.append(.refused(changes))
            throw Self.injectedFailure
        }
        var next = current
        for change in changes {
            switch change {
            case .save(let record): Self.save(record, into: &next)
            case .remove(let kind, let id): Self.remove(kind, id: id, from: &next)
            case .storeSecret, .removeSecret: break  // on the shelf once the whole batch is accepted
            }
        }
        do {
            try Self.checkLabelsUnique(next)
            try Self.checkReferences(next, removedFrom: current)
        } catch {
            journal.append(.refused(changes))
            throw error
        }
        current = next
        for change in changes {
            if case .storeSecret(let sealed) = change { journal.setSecret(Secret(bytes: sealed.blob), for: sealed.id) }
            if case .removeSecret(let id) = change { journal.setSecret(nil, for: id) }
        }
        journal.append(.applied(changes))
    }

    public func update<T: Sendable>(_ decide: @escaping @Sendable (VaultSnapshot) throws -> VaultUpdate<T>) throws -> T {
        let decision = try decide(current)
        if !decision.changes.isEmpty { try apply(decision.changes) }
        return decision.result
    }

    // MARK: Histories

    public func record(_ entry: ConnectionHistoryEntry) { connections.insert(entry, at: 0) }
    public func record(_ entry: CommandHistoryEntry) { commands.insert(entry, at: 0) }
    public func record(_ entry: SFTPHistoryEntry) { visits.insert(entry, at: 0) }

    public func connectionHistory(hostID: UUID?) -> [ConnectionHistoryEntry] {
        connections.filter { hostID == nil || $0.hostID == hostID }
    }

    public func commandHistory(hostID: UUID?) -> [CommandHistoryEntry] {
        commands.filter { hostID == nil || $0.hostID == hostID }
    }

    public func sftpHistory(hostID: UUID?) -> [SFTPHistoryEntry] {
        visits.filter { hostID == nil || $0.hostID == hostID }
    }

    // MARK: Rules

    private static func save(_ record: VaultRecord, into snapshot: inout VaultSnapshot) {
        switch record {
        case .host(let value): upsert(value, in: &snapshot.hosts)
        case .identity(let value): upsert(value, in: &snapshot.identities)
        case .key(let value): upsert(value, in: &snapshot.keys)
        case .snippet(let value): upsert(value, in: &snapshot.snippets)
        case .knownHost(let value): upsert(value, in: &snapshot.knownHosts)
        case .template(let value): upsert(value, in: &snapshot.templates)
        }
    }

    private static func upsert<Record: Identifiable>(_ record: Record, in records: inout [Record]) {
        if let index = records.firstIndex(where: { $0.id == record.id }) {
            records[index] = record
        } else {
            records.append(record)
        }
    }

    private static func remove(_ kind: VaultRecordKind, id: UUID, from snapshot: inout VaultSnapshot) {
        switch kind {
        case .host: snapshot.hosts.removeAll { $0.id == id }
        case .identity: snapshot.identities.removeAll { $0.id == id }
        case .key: snapshot.keys.removeAll { $0.id == id }
        case .snippet: snapshot.snippets.removeAll { $0.id == id }
        case .knownHost: snapshot.knownHosts.removeAll { $0.id == id }
        case .template: snapshot.templates.removeAll { $0.id == id }
        }
    }

    private static func checkLabelsUnique(_ snapshot: VaultSnapshot) throws(VaultRuleViolation) {
        let labelsByKind: [(VaultRecordKind, [Label])] = [
            (.host, snapshot.hosts.map(\.label)), (.identity, snapshot.identities.map(\.label)),
            (.key, snapshot.keys.map(\.label)), (.snippet, snapshot.snippets.map(\.label)),
            (.template, snapshot.templates.map(\.label)),
        ]
        for (kind, labels) in labelsByKind {
            var seen = Set<Label>()
            for label in labels where !seen.insert(label).inserted {
                throw .duplicateLabel(kind: kind, label: label.rawValue)
            }
        }
    }

    /// Like the SQLite foreign keys: no Host may name a missing Identity or hop, no Identity a
    /// missing Key. Removing a record still named fails with its users.
    private static func checkReferences(_ next: VaultSnapshot, removedFrom previous: VaultSnapshot) throws(VaultRuleViolation) {
        for host in next.hosts {
            if let id = host.identityID, next.identity(id: id) == nil {
                throw .recordInUse(
                    kind: .identity, label: previous.identity(id: id)?.label.rawValue ?? id.uuidString,
                    usedBy: ["Host '\(host.label)'"])
            }
            for hop in host.jumpChain where next.host(id: hop) == nil {
                throw .recordInUse(
                    kind: .host, label: previous.host(id: hop)?.label.rawValue ?? hop.uuidString,
                    usedBy: ["Host '\(host.label)'"])
            }
        }
        for identity in next.identities {
            if let id = identity.keyID, next.key(id: id) == nil {
                throw .recordInUse(
                    kind: .key, label: previous.key(id: id)?.label.rawValue ?? id.uuidString,
                    usedBy: ["Identity '\(identity.label)'"])
            }
        }
    }
}
