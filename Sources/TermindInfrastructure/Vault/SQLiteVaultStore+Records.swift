import Foundation
import TermindApplication
import TermindDomain

/// Reading and writing the six kinds of record, on the `VaultDatabase` actor's connection.
extension SQLiteVaultStore {
    // MARK: Reading

    static func readSnapshot(_ connection: SQLiteConnection) throws -> VaultSnapshot {
        VaultSnapshot(
            hosts: try readHosts(connection),
            identities: try connection.query(sql: """
                SELECT id, label, username, password_secret_id, key_id FROM identities ORDER BY label
                """).map { row in
                try row.decode("identities") {
                    try Identity(
                        id: try row.uuid("id"), label: try Label(try row.get("label")),
                        username: try row.get("username"), passwordSecretID: try row.optionalUUID("password_secret_id"),
                        keyID: try row.optionalUUID("key_id"))
                }
            },
            keys: try connection.query(sql: """
                SELECT id, label, algorithm, bits, public_key, comment, private_key_secret_id, is_encrypted,
                       passphrase_secret_id, created_at
                FROM keys ORDER BY label
                """).map { row in
                let algorithmName = try row.get("algorithm", as: String.self)
                guard let algorithm = KeyAlgorithm(rawValue: algorithmName) else {
                    throw row.damaged("a row of keys has the unknown algorithm '\(algorithmName)'")
                }
                return try row.decode("keys") {
                    SSHKey(
                        id: try row.uuid("id"), label: try Label(try row.get("label")), algorithm: algorithm,
                        bits: try row.get("bits"), publicKeyBlob: try row.get("public_key"),
                        comment: try row.get("comment"), privateKeySecretID: try row.uuid("private_key_secret_id"),
                        isEncrypted: try row.get("is_encrypted"), passphraseSecretID: try row.optionalUUID("passphrase_secret_id"),
                        createdAt: try row.date("created_at"))
                }
            },
            snippets: try connection.query(sql: "SELECT id, label, script, tags FROM snippets ORDER BY label").map { row in
                try row.decode("snippets") {
                    Snippet(
                        id: try row.uuid("id"), label: try Label(try row.get("label")), script: try row.get("script"),
                        tags: try row.json("tags", as: [String].self))
                }
            },
            knownHosts: try connection.query(sql: """
                SELECT id, pattern, key_type, key, marker, comment, added_at FROM known_hosts
                ORDER BY pattern, key_type, added_at, rowid
                """).map { row in
                let markerText = try row.get("marker", as: String.self)
                guard let marker = KnownHost.Marker(rawValue: markerText) else {
                    throw row.damaged("a row of known_hosts has the unknown marker '\(markerText)'")
                }
                return KnownHost(
                    id: try row.uuid("id"), pattern: try row.get("pattern"), keyType: try row.get("key_type"),
                    keyBlob: try row.get("key"), marker: marker, comment: try row.get("comment"),
                    addedAt: try row.date("added_at"))
            },
            templates: try connection.query(sql: "SELECT id, label, layout FROM templates ORDER BY label").map { row in
                try row.decode("templates") {
                    Template(
                        id: try row.uuid("id"), label: try Label(try row.get("label")),
                        layout: try row.json("layout", as: TemplateLayout.self))
                }
            })
    }

    private static func readHosts(_ connection: SQLiteConnection) throws -> [Host] {
        var jumps: [UUID: [UUID]] = [:]
        for row in try connection.query(sql: "SELECT host_id, hop_id FROM host_jumps ORDER BY host_id, position") {
            jumps[try row.uuid("host_id"), default: []].append(try row.uuid("hop_id"))
        }
        var tags: [UUID: [String]] = [:]
        for row in try connection.query(sql: "SELECT host_id, tag FROM host_tags ORDER BY host_id, position") {
            tags[try row.uuid("host_id"), default: []].append(try row.get("tag"))
        }
        var forwards: [UUID: [HostForward]] = [:]
        for row in try connection.query(sql: """
            SELECT host_id, kind, bind_address, bind_port, target_host, target_port, enabled FROM host_forwards
            ORDER BY host_id, position
            """) {
            let kind = ForwardRule.Kind(rawValue: try row.get("kind")) ?? .local
            let rule = ForwardRule(
                kind: kind, bindAddress: try row.get("bind_address", as: String?.self),
                bindPort: Int(try row.get("bind_port", as: Int64.self)), targetHost: try row.get("target_host", as: String?.self),
                targetPort: try row.get("target_port", as: Int64?.self).map { Int($0) })
            forwards[try row.uuid("host_id"), default: []].append(
                HostForward(rule: rule, enabled: try row.get("enabled", as: Int64.self) != 0))
        }
        return try connection.query(sql: """
            SELECT id, label, hostname, port, username, identity_id, notes, clipboard_writes, shell_integration,
                share_connection, reconnect, keepalive_interval, keepalive_count_max, metrics_interval FROM hosts
            ORDER BY label
            """).map { row in
            let id = try row.uuid("id")
            return try row.decode("hosts") {
                try Host(
                    id: id, label: try Label(try row.get("label")), hostname: try row.get("hostname"),
                    port: try Port(try row.get("port")), username: try row.get("username"),
                    identityID: try row.optionalUUID("identity_id"), jumpChain: jumps[id] ?? [], tags: tags[id] ?? [], notes: try row.get("notes"),
                    allowsClipboardWrites: try row.get("clipboard_writes", as: Int64.self) != 0,
                    usesShellIntegration: try row.get("shell_integration", as: Int64.self) != 0,
                    sharesConnection: try row.get("share_connection", as: Int64.self) != 0,
                    reconnect: ReconnectPolicy(rawValue: try row.get("reconnect")) ?? .auto, forwards: forwards[id] ?? [],
                    keepalive: try Keepalive(
                        interval: Int(try row.get("keepalive_interval", as: Int64.self)),
                        countMax: Int(try row.get("keepalive_count_max", as: Int64.self))),
                    metricsInterval: Int(try row.get("metrics_interval", as: Int64.self)))
            }
        }
    }

    // MARK: Saving

    static func save(_ record: VaultRecord, _ connection: SQLiteConnection) throws {
        switch record {
        case .host(let host): try save(host, connection)
        case .identity(let identity):
            let missingKey = VaultRuleViolation.missingRecord(kind: .key, label: identity.keyID?.uuidString ?? "")
            try mappingConstraints(duplicate: .duplicateLabel(kind: .identity, label: identity.label.rawValue), missing: missingKey) {
                try connection.execute(sql: """
                    INSERT INTO identities (id, label, username, password_secret_id, key_id) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET label = excluded.label, username = excluded.username,
                        password_secret_id = excluded.password_secret_id, key_id = excluded.key_id
                    """, arguments: [
                        .id(identity.id), .text(identity.label.rawValue), .text(identity.username),
                        .id(identity.passwordSecretID), .id(identity.keyID),
                    ])
            }
        case .key(let key):
            try mappingConstraints(duplicate: .duplicateLabel(kind: .key, label: key.label.rawValue)) {
                try connection.execute(sql: """
                    INSERT INTO keys (id, label, algorithm, bits, public_key, comment, private_key_secret_id,
                                      is_encrypted, passphrase_secret_id, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET label = excluded.label, algorithm = excluded.algorithm,
                        bits = excluded.bits, public_key = excluded.public_key, comment = excluded.comment,
                        private_key_secret_id = excluded.private_key_secret_id, is_encrypted = excluded.is_encrypted,
                        passphrase_secret_id = excluded.passphrase_secret_id, created_at = excluded.created_at
                    """, arguments: [
                        .id(key.id), .text(key.label.rawValue), .text(key.algorithm.rawValue), .integer(Int64(key.bits)),
                        .blob(key.publicKeyBlob), .text(key.comment), .id(key.privateKeySecretID),
                        key.isEncrypted.sqliteValue, .id(key.passphraseSecretID), .date(key.createdAt),
                    ])
            }
        case .snippet(let snippet):
            let tags = try SQLiteValue.json(snippet.tags)
            try mappingConstraints(duplicate: .duplicateLabel(kind: .snippet, label: snippet.label.rawValue)) {
                try connection.execute(sql: """
                    INSERT INTO snippets (id, label, script, tags) VALUES (?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET label = excluded.label, script = excluded.script, tags = excluded.tags
                    """, arguments: [.id(snippet.id), .text(snippet.label.rawValue), .text(snippet.script), tags])
            }
        case .knownHost(let knownHost):
            try mappingConstraints(duplicate: .knownHostExists(pattern: knownHost.pattern, keyType: knownHost.keyType)) {
                try connection.execute(sql: """
                    INSERT INTO known_hosts (id, pattern, key_type, key, marker, comment, added_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET pattern = excluded.pattern, key_type = excluded.key_type,
                        key = excluded.key, marker = excluded.marker, comment = excluded.comment,
                        added_at = excluded.added_at
                    """, arguments: [
                        .id(knownHost.id), .text(knownHost.pattern), .text(knownHost.keyType), .blob(knownHost.keyBlob),
                        .text(knownHost.marker.rawValue), .text(knownHost.comment), .date(knownHost.addedAt),
                    ])
            }
        case .template(let template):
            let layout = try SQLiteValue.json(template.layout)
            try mappingConstraints(duplicate: .duplicateLabel(kind: .template, label: template.label.rawValue)) {
                try connection.execute(sql: """
                    INSERT INTO templates (id, label, layout) VALUES (?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET label = excluded.label, layout = excluded.layout
                    """, arguments: [.id(template.id), .text(template.label.rawValue), layout])
            }
        }
    }

    private static func save(_ host: Host, _ connection: SQLiteConnection) throws {
        let label = host.label.rawValue
        let missingIdentity = VaultRuleViolation.missingRecord(kind: .identity, label: host.identityID?.uuidString ?? "")
        try mappingConstraints(duplicate: .duplicateLabel(kind: .host, label: label), missing: missingIdentity) {
            try connection.execute(sql: """
                INSERT INTO hosts (id, label, hostname, port, username, identity_id, notes, clipboard_writes, shell_integration,
                    share_connection, keepalive_interval, keepalive_count_max, metrics_interval, reconnect)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET label = excluded.label, hostname = excluded.hostname,
                    port = excluded.port, username = excluded.username, identity_id = excluded.identity_id,
                    notes = excluded.notes, clipboard_writes = excluded.clipboard_writes,
                    shell_integration = excluded.shell_integration, share_connection = excluded.share_connection,
                    keepalive_interval = excluded.keepalive_interval, keepalive_count_max = excluded.keepalive_count_max,
                    metrics_interval = excluded.metrics_interval, reconnect = excluded.reconnect
                """, arguments: [
                    .id(host.id), .text(label), .text(host.hostname), .integer(Int64(host.port.rawValue)),
                    host.username.sqliteValue, .id(host.identityID), .text(host.notes),
                    .integer(host.allowsClipboardWrites ? 1 : 0), .integer(host.usesShellIntegration ? 1 : 0),
                    .integer(host.sharesConnection ? 1 : 0), .integer(Int64(host.keepaliveInterval)),
                    .integer(Int64(host.keepaliveCountMax)), .integer(Int64(host.metricsInterval)), .text(host.reconnect.rawValue),
                ])
        }
        try connection.execute(sql: "DELETE FROM host_jumps WHERE host_id = ?", arguments: [.id(host.id)])
        for (position, hop) in host.jumpChain.enumerated() {
            guard hop != host.id else { throw VaultRuleViolation.jumpChainCycle(host: label, cycle: [label, label]) }
            try mappingConstraints(missing: .jumpHostMissing(host: label, hop: hop.uuidString)) {
                try connection.execute(
                    sql: "INSERT INTO host_jumps (host_id, position, hop_id) VALUES (?, ?, ?)",
                    arguments: [.id(host.id), .integer(Int64(position)), .id(hop)])
            }
        }
        try connection.execute(sql: "DELETE FROM host_forwards WHERE host_id = ?", arguments: [.id(host.id)])
        for (position, forward) in host.forwards.enumerated() {
            let rule = forward.rule
            try connection.execute(
                sql: """
                    INSERT INTO host_forwards (host_id, position, kind, bind_address, bind_port, target_host, target_port, enabled)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    .id(host.id), .integer(Int64(position)), .text(rule.kind.rawValue), rule.bindAddress.map { .text($0) } ?? .null,
                    .integer(Int64(rule.bindPort)), rule.targetHost.map { .text($0) } ?? .null,
                    rule.targetPort.map { .integer(Int64($0)) } ?? .null, .integer(forward.enabled ? 1 : 0),
                ])
        }
        try connection.execute(sql: "DELETE FROM host_tags WHERE host_id = ?", arguments: [.id(host.id)])
        for (position, tag) in host.tags.enumerated() {
            try connection.execute(
                sql: "INSERT INTO host_tags (host_id, position, tag) VALUES (?, ?, ?)",
                arguments: [.id(host.id), .integer(Int64(position)), .text(tag)])
        }
    }

    // MARK: Removing

    static func remove(_ kind: VaultRecordKind, id: UUID, _ connection: SQLiteConnection) throws {
        let table = table(of: kind)
        let nameColumn = kind == .knownHost ? "pattern" : "label"
        guard let row = try connection.query(
            sql: "SELECT \(nameColumn) AS name FROM \(table) WHERE id = ?", arguments: [.id(id)]).first
        else { return }
        let name = try row.get("name", as: String.self)
        do {
            try connection.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [.id(id)])
        } catch let error as SQLiteError where error.extendedCode == .constraintForeignKey {
            throw VaultRuleViolation.recordInUse(kind: kind, label: name, usedBy: try users(of: kind, id: id, connection))
        }
    }

    /// Who uses a record, as messages name them: "Host 'web'", "Identity 'deploy'".
    private static func users(of kind: VaultRecordKind, id: UUID, _ connection: SQLiteConnection) throws -> [String] {
        let (sql, userKind): (String, VaultRecordKind)
        switch kind {
        case .host:
            (sql, userKind) = ("""
                SELECT DISTINCT hosts.label AS label FROM host_jumps JOIN hosts ON hosts.id = host_jumps.host_id
                WHERE host_jumps.hop_id = ? ORDER BY hosts.label
                """, .host)
        case .identity: (sql, userKind) = ("SELECT label FROM hosts WHERE identity_id = ? ORDER BY label", .host)
        case .key: (sql, userKind) = ("SELECT label FROM identities WHERE key_id = ? ORDER BY label", .identity)
        case .snippet, .knownHost, .template: return []
        }
        return try connection.query(sql: sql, arguments: [.id(id)]).map {
            "\(userKind.singular) '\(try $0.get("label", as: String.self))'"
        }
    }

    private static func table(of kind: VaultRecordKind) -> String {
        switch kind {
        case .host: "hosts"
        case .identity: "identities"
        case .key: "keys"
        case .snippet: "snippets"
        case .knownHost: "known_hosts"
        case .template: "templates"
        }
    }

    /// Runs one statement that saves a record, turning a UNIQUE failure into `duplicateLabel`
    /// and a FOREIGN KEY failure into `missing` (a reference to a record that is not there).
    private static func mappingConstraints(
        duplicate: VaultRuleViolation? = nil, missing: VaultRuleViolation? = nil, _ body: () throws -> Void
    ) throws {
        do {
            try body()
        } catch let error as SQLiteError {
            if error.extendedCode == .constraintUnique, let duplicate { throw duplicate }
            if error.extendedCode == .constraintForeignKey, let missing { throw missing }
            throw error
        }
    }
}
