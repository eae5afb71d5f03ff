import Foundation
import TermindApplication
import TermindDomain

/// Where the vault key comes from, and switching it: the `VaultKeyControl` behind
/// `termind vault status` and `termind vault passphrase set|clear`.
///
/// Setting or clearing the passphrase opens every secret with the current key, seals it
/// again under the new one and writes the new `vault_meta`, all in one transaction: a
/// failure half-way leaves every secret under the old key. The slow parts (asking for the
/// current passphrase, scrypt for the new one) happen before that transaction takes the lock.
/// The key file is left in place after a passphrase is set (another Vault may share it); it
/// is simply no longer read.
///
/// A value over the shared `VaultDatabase` actor and `VaultKeyring`: `Sendable`.
public struct VaultKeyController: VaultKeyControl {
    public let database: VaultDatabase
    public let keyring: VaultKeyring

    public init(database: VaultDatabase, keyring: VaultKeyring) {
        self.database = database
        self.keyring = keyring
    }

    public func status() async throws -> VaultStatus {
        let keyFilePath = keyring.keyFilePath
        return try await database.read { connection in
            // Status is what a person runs to see whether the Vault is usable: check every page
            // (quick_check reads them all), so damage that other commands meet reports here too.
            let problems = try connection.query(sql: "PRAGMA quick_check(5)").compactMap { row -> String? in
                let line: String = try row.get("quick_check")
                return line == "ok" ? nil : line
            }
            if !problems.isEmpty {
                throw VaultUnavailable(location: connection.path, cause: .corrupt(detail: problems.joined(separator: "; ")))
            }
            return VaultStatus(
                databasePath: connection.path, keyFilePath: keyFilePath, keySource: try VaultMeta.read(connection).source,
                schemaVersion: try VaultMigrator.recordedVersion(connection),
                secretCount: try VaultKeyring.secretCount(connection))
        }
    }

    @discardableResult
    public func setPassphrase(_ passphrase: Secret) async throws -> String? {
        guard !passphrase.isEmpty else {
            throw VaultUnavailable(location: database.path, cause: .other(detail: "the master passphrase cannot be empty"))
        }
        let keyring = keyring
        try await warmCurrentKey()
        let (newKey, parameters) = try keyring.deriveNew(passphrase)
        let verifier = try await database.write { connection in
            var meta = try VaultMeta.read(connection)
            try Self.reseal(connection, from: try Self.currentKey(keyring, connection), to: newKey)
            meta.source = .passphrase
            meta.scrypt = parameters
            meta.verifier = try VaultKeyring.crypto { try VaultMeta.verifier(for: newKey) }
            try meta.write(connection)
            return meta.verifier!
        }
        keyring.remember(key: newKey, parameters: parameters, verifier: verifier)
        return FileManager.default.fileExists(atPath: keyring.keyFilePath) ? keyring.keyFilePath : nil
    }

    public func removeRetiredKeyFile() async throws -> Bool {
        let path = keyring.keyFilePath
        guard try await database.read({ try VaultMeta.read($0).source }) == .passphrase else {
            throw VaultUnavailable(location: path, cause: .other(
                detail: "the vault key file still seals this Vault's secrets; set a passphrase first (vault passphrase set)"))
        }
        guard unlink(path) == 0 else {
            if errno == ENOENT { return false }
            throw VaultUnavailable(errno: errno, "cannot remove the old vault key file", location: path)
        }
        return true
    }

    public func clearPassphrase() async throws {
        let keyring = keyring
        guard try await database.read({ try VaultMeta.read($0).source }) == .passphrase else { return }
        try await warmCurrentKey()
        try await database.write { connection in
            var meta = try VaultMeta.read(connection)
            guard meta.source == .passphrase else { return }
            let fileKey = try keyring.keyFileKey()
            try Self.reseal(connection, from: try Self.currentKey(keyring, connection), to: fileKey)
            meta = VaultMeta(source: .keyFile, verifier: nil, scrypt: nil)
            meta.verifier = try VaultKeyring.crypto { try VaultMeta.verifier(for: fileKey) }
            try meta.write(connection)
        }
    }

    // MARK: Private

    /// Asks for the current passphrase (if any) outside the write transaction.
    private func warmCurrentKey() async throws {
        let keyring = keyring
        try await database.read { connection in
            if try VaultKeyring.secretCount(connection) > 0 { try keyring.prepare(connection) }
        }
    }

    /// The key the secrets are sealed with now; nil when there are none to open.
    private static func currentKey(_ keyring: VaultKeyring, _ connection: SQLiteConnection) throws -> [UInt8]? {
        guard try VaultKeyring.secretCount(connection) > 0 else { return nil }
        return try keyring.openingKey(connection)
    }

    private static func reseal(_ connection: SQLiteConnection, from oldKey: [UInt8]?, to newKey: [UInt8]) throws {
        guard let oldKey else { return }
        for row in try connection.query(sql: "SELECT id, sealed FROM secrets") {
            let id = try row.uuid("id")
            var plaintext = try SealedSecretStore.open(try row.get("sealed"), id: id, key: oldKey, location: connection.path)
            let sealed = try SealedSecretStore.seal(Secret(wiping: &plaintext), id: id, key: newKey)
            try connection.execute(sql: "UPDATE secrets SET sealed = ? WHERE id = ?", arguments: [.blob(sealed), .id(id)])
        }
    }
}
