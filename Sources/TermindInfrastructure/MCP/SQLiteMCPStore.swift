import Foundation
import TermindApplication
import TermindDomain

/// `termind mcp`'s policy rules and audit rows in the Vault's SQLite (tables `mcp_policy` and
/// `mcp_audit`, migration V8), on the `VaultDatabase` actor's connection.
public struct SQLiteMCPStore: MCPPolicyStore, MCPAuditLog {
    public let database: VaultDatabase

    public init(database: VaultDatabase) { self.database = database }

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
}
