import Foundation
import TermindApplication
import TermindDomain

/// `termind mcp`'s policy rules, audit rows and pending approvals in the Vault's SQLite
/// (tables `mcp_policy`, `mcp_audit`, `mcp_approvals`, migration V9), on the `VaultDatabase`
/// actor's connection. A wait for an answer wakes on the Vault's writes (`VaultWriteWatch`),
/// which is how another process's `termind mcp approve` reaches it.
public struct SQLiteMCPStore: MCPPolicyStore, MCPAuditLog, MCPApprovals {
    public let database: VaultDatabase
    private let databasePath: String?

    /// `databasePath`: the file to watch for another process's answer (a wait also looks again
    /// every quarter second).
    public init(database: VaultDatabase, databasePath: String? = nil) {
        self.database = database
        self.databasePath = databasePath
    }

    public func rules() async throws -> [MCPPolicyRule] {
        try await database.read { connection in
            try connection.query(sql: "SELECT tool, host_id, tag, decision FROM mcp_policy ORDER BY tool, tag, host_id").map { row in
                let text = try row.get("decision", as: String.self)
                guard let decision = MCPDecision(rawValue: text) else {
                    throw row.damaged("a row of mcp_policy has the unknown decision '\(text)'")
                }
                let tag: String? = try row.get("tag")
                let scope: MCPPolicyRule.Scope = if let tag { .tag(tag) } else { .host(try row.uuid("host_id")) }
                return MCPPolicyRule(tool: try row.get("tool"), scope: scope, decision: decision)
            }
        }
    }

    public func set(_ rule: MCPPolicyRule) async throws {
        try await database.write { connection in
            switch rule.scope {
            case .host(let id):
                try connection.execute(sql: "DELETE FROM mcp_policy WHERE tool = ? AND host_id = ?", arguments: [.text(rule.tool), .id(id)])
                try connection.execute(
                    sql: "INSERT INTO mcp_policy (tool, host_id, tag, decision) VALUES (?, ?, NULL, ?)",
                    arguments: [.text(rule.tool), .id(id), .text(rule.decision.rawValue)])
            case .tag(let tag):
                try connection.execute(sql: "DELETE FROM mcp_policy WHERE tool = ? AND tag = ?", arguments: [.text(rule.tool), .text(tag)])
                try connection.execute(
                    sql: "INSERT INTO mcp_policy (tool, host_id, tag, decision) VALUES (?, NULL, ?, ?)",
                    arguments: [.text(rule.tool), .text(tag), .text(rule.decision.rawValue)])
            }
        }
    }

    public func record(_ record: MCPAuditRecord) async throws {
        try await database.write { connection in
            try connection.execute(sql: """
                INSERT INTO mcp_audit (called_at, agent, tool, host, argument_digest, summary, decision, decided_by, outcome, bytes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    .date(record.time), .text(record.agent), .text(record.tool), record.host.map(SQLiteValue.text) ?? .null,
                    .text(record.argumentDigest), .text(record.summary), .text(record.decision.rawValue), .text(record.decidedBy),
                    .text(record.outcome), .integer(record.bytes),
                ])
        }
    }

    public func records(limit: Int) async throws -> [MCPAuditRecord] {
        try await database.read { connection in
            try connection.query(sql: """
                SELECT called_at, agent, tool, host, argument_digest, summary, decision, decided_by, outcome, bytes
                FROM mcp_audit ORDER BY called_at DESC, rowid DESC LIMIT ?
                """, arguments: [.integer(Int64(limit))]).map { row in
                let text = try row.get("decision", as: String.self)
                guard let decision = MCPAuditRecord.Decision(rawValue: text) else {
                    throw row.damaged("a row of mcp_audit has the unknown decision '\(text)'")
                }
                return MCPAuditRecord(
                    time: try row.date("called_at"), agent: try row.get("agent"), tool: try row.get("tool"), host: try row.get("host"),
                    argumentDigest: try row.get("argument_digest"), summary: try row.get("summary"), decision: decision,
                    decidedBy: try row.get("decided_by"), outcome: try row.get("outcome"), bytes: try row.get("bytes"))
            }
        }
    }

    // MARK: Approvals

    public func request(_ call: MCPCall, arguments: String, at time: Date) async throws -> Int64 {
        try await database.write { connection in
            try connection.execute(sql: """
                INSERT INTO mcp_approvals (requested_at, agent, tool, host, argument_digest, summary, arguments)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    .date(time), .text(call.agent), .text(call.tool.name), call.shownHost.map(SQLiteValue.text) ?? .null,
                    .text(call.argumentDigest), .text(call.summary), .text(arguments),
                ])
            return try connection.query(sql: "SELECT last_insert_rowid() AS id")[0].get("id")
        }
    }

    public func answer(to id: Int64, within timeout: Duration) async throws -> MCPApprovalAnswer? {
        // One stream of wake-ups: each write to the Vault seen by inotify, a look every quarter
        // second (a write from another process's connection is not always seen in time), and the
        // deadline; read in order here, so nothing waiting is ever cancelled. Only while a call
        // waits for its person, at most its --approval-wait.
        let (wakeUps, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watch = databasePath.flatMap { VaultWriteWatch(databasePath: $0) }
        let watching = Task {
            guard let watch else { return }
            for await _ in watch.writes { wake.yield() }
        }
        let looking = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                wake.yield()
            }
        }
        let deadline = ContinuousClock.now + timeout
        let timer = Task {
            try? await Task.sleep(until: deadline)
            wake.yield()
        }
        defer {
            watch?.stop()
            watching.cancel()
            looking.cancel()
            timer.cancel()
            wake.finish()
        }
        var iterator = wakeUps.makeAsyncIterator()
        while true {
            if let answer = try await state(of: id) { return answer }
            guard ContinuousClock.now < deadline, !Task.isCancelled else { return nil }
            guard await iterator.next() != nil else { return nil }
        }
    }

    private func state(of id: Int64) async throws -> MCPApprovalAnswer? {
        try await database.read { connection in
            guard let row = try connection.query(sql: "SELECT state, decided_by FROM mcp_approvals WHERE id = ?", arguments: [.integer(id)]).first
            else { return nil }
            let person: String = (try row.get("decided_by", as: String?.self)) ?? "the person"
            switch try row.get("state", as: String.self) {
            case "approved": return .approved(by: person)
            case "denied": return .denied(by: person)
            default: return nil
            }
        }
    }

    public func withdraw(_ id: Int64) async throws -> MCPApprovalAnswer? {
        try await database.write { connection in
            try connection.execute(sql: "DELETE FROM mcp_approvals WHERE id = ? AND state = 'pending'", arguments: [.integer(id)])
        }
        return try await state(of: id)
    }

    public func pending() async throws -> [MCPPendingApproval] {
        try await database.read { connection in
            try connection.query(sql: """
                SELECT id, requested_at, agent, tool, host, argument_digest, arguments FROM mcp_approvals
                WHERE state = 'pending' ORDER BY id
                """).map { row in
                MCPPendingApproval(
                    id: try row.get("id"), requestedAt: try row.date("requested_at"), agent: try row.get("agent"),
                    tool: try row.get("tool"), host: try row.get("host"), argumentDigest: try row.get("argument_digest"),
                    arguments: (try row.get("arguments", as: String?.self)) ?? "")
            }
        }
    }

    public func decide(_ id: Int64, approve: Bool, by person: String) async throws -> Bool {
        try await database.write { connection in
            try connection.execute(sql: """
                UPDATE mcp_approvals SET state = ?, decided_by = ?, arguments = NULL WHERE id = ? AND state = 'pending'
                """, arguments: [.text(approve ? "approved" : "denied"), .text(person), .integer(id)])
            return try connection.query(sql: "SELECT changes() AS n")[0].get("n", as: Int64.self) == 1
        }
    }
}
