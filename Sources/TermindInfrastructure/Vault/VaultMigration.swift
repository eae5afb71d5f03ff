import TermindApplication
import TermindSchemas

/// One numbered schema change of the Vault: `V<version>__<name>.sql`. A plain value,
/// `Sendable`. The shipped list comes from `Schemas/` (module TermindSchemas); tests may
/// build their own lists to exercise the migrator.
public struct VaultMigration: Sendable, Equatable {
    public let version: Int
    public let name: String
    /// The script of statements without BEGIN or COMMIT (the migrator wraps it in a
    /// transaction), read when the migration runs.
    private let script: @Sendable () throws -> String

    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name) { sql }
    }

    init(version: Int, name: String, script: @escaping @Sendable () throws -> String) {
        self.version = version
        self.name = name
        self.script = script
    }

    public func sql() throws -> String {
        do {
            return try script()
        } catch {
            throw VaultUnavailable(
                location: "the schema bundle",
                cause: .other(detail: "the migration V\(version)__\(name) cannot be read (\(error)); reinstall termind"))
        }
    }

    /// Two migrations are the same change when they have the same number and name.
    public static func == (lhs: VaultMigration, rhs: VaultMigration) -> Bool {
        lhs.version == rhs.version && lhs.name == rhs.name
    }

    /// The migrations shipped with this build, oldest first.
    /// - Throws: `VaultUnavailable(.other)` when the bundled schema files cannot be read, which
    ///   means a broken installation rather than a broken Vault.
    public static func shipped() throws -> [VaultMigration] {
        do {
            return try VaultSchema.migrations().map { file in VaultMigration(version: file.version, name: file.name) { try file.sql() } }
        } catch {
            throw VaultUnavailable(
                location: "the schema bundle",
                cause: .other(detail: "the bundled Vault migrations cannot be read (\(error)); reinstall termind"))
        }
    }
}
