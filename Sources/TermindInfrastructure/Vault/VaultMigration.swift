import TermindApplication
import TermindSchemas

/// One numbered schema change of the Vault: `V<version>__<name>.sql`. A plain value,
/// `Sendable`. The shipped list comes from `Schemas/` (module TermindSchemas); tests may
/// build their own lists to exercise the migrator.
public struct VaultMigration: Sendable, Equatable {
    public let version: Int
    public let name: String
    /// A script of statements without BEGIN or COMMIT: the migrator wraps it in a transaction.
    public let sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// The migrations shipped with this build, oldest first.
    /// - Throws: `VaultUnavailable(.other)` when the bundled schema files cannot be read, which
    ///   means a broken installation rather than a broken Vault.
    public static func shipped() throws -> [VaultMigration] {
        do {
            return try VaultSchema.migrations().map { VaultMigration(version: $0.version, name: $0.name, sql: $0.sql) }
        } catch {
            throw VaultUnavailable(
                location: "the schema bundle",
                cause: .other(detail: "the bundled Vault migrations cannot be read (\(error)); reinstall termind"))
        }
    }
}
