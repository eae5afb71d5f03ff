import Foundation
import TermindApplication

/// Brings a Vault database up to the newest migration it knows: each pending migration runs
/// in its own `BEGIN IMMEDIATE` transaction together with its record in `schema_migrations`
/// and the new `PRAGMA user_version`, so a failure leaves the database at the version before.
///
/// A database recorded at a higher version than the newest migration was written by a newer
/// Termind and is refused with `.newerSchema` before anything is written. Two processes may
/// migrate the same file at once: the version is read again inside each transaction, so the
/// second finds the work done. A value; runs on the caller's connection (the `VaultDatabase`
/// actor).
struct VaultMigrator {
    let migrations: [VaultMigration]
    /// The database file, for errors.
    let location: String

    /// The newest version this build ships.
    var newestVersion: Int { migrations.last?.version ?? 0 }

    /// Sorts `migrations` by version.
    /// - Throws: `VaultUnavailable(.other)` when two share a version or one is below 1 (a
    ///   broken build, never a broken Vault).
    init(migrations: [VaultMigration], location: String) throws {
        let sorted = migrations.sorted { $0.version < $1.version }
        var previous = 0
        for migration in sorted {
            guard migration.version > previous else {
                throw VaultUnavailable(
                    location: location,
                    cause: .other(
                        detail: "the migration V\(migration.version)__\(migration.name) repeats or precedes version 1; reinstall termind"))
            }
            previous = migration.version
        }
        self.migrations = sorted
        self.location = location
    }

    /// Refuses a database recorded at `version` if it is newer than this build.
    func refuseIfNewer(_ version: Int) throws {
        guard version <= newestVersion else {
            throw VaultUnavailable(location: location, cause: .newerSchema(found: version, supported: newestVersion))
        }
    }

    /// Applies what is pending and returns the migrations this call applied, oldest first.
    func migrate(_ connection: SQLiteConnection, now: () -> Date = Date.init) throws -> [VaultMigration] {
        let found = try Self.recordedVersion(connection)
        try refuseIfNewer(found)
        var applied: [VaultMigration] = []
        for migration in migrations where migration.version > found {
            let didApply = try connection.transaction { () throws -> Bool in
                // Another process may have migrated since the version was read.
                let current = try Self.recordedVersion(connection)
                try refuseIfNewer(current)
                guard current < migration.version else { return false }
                try connection.execute(sql: """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version    INTEGER NOT NULL PRIMARY KEY,
                        name       TEXT    NOT NULL,
                        applied_at REAL    NOT NULL
                    )
                    """)
                try connection.execute(sql: try migration.sql())
                try connection.execute(
                    sql: "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    arguments: [.integer(Int64(migration.version)), .text(migration.name), .real(now().timeIntervalSince1970)])
                try connection.setUserVersion(migration.version)
                return true
            }
            // Statements prepared against the old schema are stale now.
            connection.clearStatementCache()
            if didApply { applied.append(migration) }
        }
        return applied
    }

    /// The higher of `PRAGMA user_version` and the newest row of `schema_migrations`.
    static func recordedVersion(_ connection: SQLiteConnection) throws -> Int {
        let userVersion = try connection.userVersion()
        let hasTable = try !connection.query(
            sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").isEmpty
        guard hasTable else { return userVersion }
        let recorded = try connection.query(sql: "SELECT MAX(version) AS version FROM schema_migrations")
            .first?.get("version", as: Int?.self) ?? nil
        return max(userVersion, recorded ?? 0)
    }
}
