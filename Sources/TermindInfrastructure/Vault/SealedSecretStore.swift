import Foundation
import TermindApplication
import TermindCrypto
import TermindDomain

/// Passwords, private keys and passphrases sealed with AES-256-GCM under the vault key, one
/// row of `secrets` each: the `SecretStore` the program uses.
///
/// A sealed blob is `nonce || ciphertext || tag` with a fresh random nonce, and the secret's
/// id is the authenticated data, so a blob copied onto another row does not open. Plaintext
/// never reaches the database, an error message or the log.
///
/// A value over the shared `VaultDatabase` actor and `VaultKeyring`: `Sendable`; each call is
/// one transaction on that actor.
public struct SealedSecretStore: SecretStore {
    public let database: VaultDatabase
    public let keyring: VaultKeyring

    public init(database: VaultDatabase, keyring: VaultKeyring) {
        self.database = database
        self.keyring = keyring
    }

    public func seal(_ secret: Secret) async throws -> UUID {
        let sealed = try await sealed(secret)
        try await database.write { try Self.store(sealed, $0) }
        return sealed.id
    }

    public func sealed(_ secret: Secret) async throws -> SealedSecret {
        let keyring = keyring
        try await database.read { try keyring.prepare($0) }
        let id = UUID()
        // A write: the first secret sealed records the key's verifier.
        return try await database.write { connection in
            let key = try keyring.sealingKey(connection)
            let blob = try Self.seal(secret, id: id, key: key)
            return SealedSecret(id: id, blob: blob, keyStamp: try VaultMeta.read(connection).verifier ?? [])
        }
    }

    /// Stores `sealed` inside the caller's transaction, unless the vault key changed since it
    /// was sealed (another process set or cleared the master passphrase): it would not open.
    static func store(_ sealed: SealedSecret, _ connection: SQLiteConnection) throws {
        guard try VaultMeta.read(connection).verifier ?? [] == sealed.keyStamp else {
            throw VaultUnavailable(
                location: connection.path,
                cause: .other(detail: "its vault key changed while a secret was being saved, and nothing was saved; run the command again"))
        }
        try connection.execute(
            sql: "INSERT INTO secrets (id, sealed) VALUES (?, ?)", arguments: [.id(sealed.id), .blob(sealed.blob)])
    }

    /// - Throws: `VaultUnavailable` with `.missingSecret` naming the record that refers to the
    ///   id, `.wrongPassphrase`, `.passphraseRequired`, `.keyFileMismatch`, `.keyFileUnsafe`, or
    ///   `.corrupt` when the blob was altered or moved from another row.
    public func unseal(_ id: UUID) async throws -> Secret {
        let keyring = keyring
        return try await database.read { connection in
            guard let row = try connection.query(sql: "SELECT sealed FROM secrets WHERE id = ?", arguments: [.id(id)]).first
            else {
                throw VaultUnavailable(
                    location: connection.path, cause: .missingSecret(record: try Self.owner(of: id, connection)))
            }
            let key = try keyring.openingKey(connection)
            var plaintext = try Self.open(try row.get("sealed"), id: id, key: key, location: connection.path)
            return Secret(wiping: &plaintext)
        }
    }

    public func remove(_ ids: [UUID]) async throws {
        guard !ids.isEmpty else { return }
        try await database.write { connection in
            for id in ids {
                try connection.execute(sql: "DELETE FROM secrets WHERE id = ?", arguments: [.id(id)])
            }
        }
    }

    // MARK: Sealing (also used to re-seal every secret when the vault key changes)

    static func seal(_ secret: Secret, id: UUID, key: [UInt8]) throws -> [UInt8] {
        try VaultKeyring.crypto {
            try secret.withByteArray { bytes in
                try AESGCM.seal(bytes, key: key, authenticating: authenticatedData(id)).combined
            }
        }
    }

    static func open(_ sealed: [UInt8], id: UUID, key: [UInt8], location: String) throws -> [UInt8] {
        do {
            return try AESGCM.open(try AESGCM.SealedBox(combined: sealed), key: key, authenticating: authenticatedData(id))
        } catch {
            throw VaultUnavailable(
                location: location,
                cause: .corrupt(detail: "the sealed secret \(id.uuidString) does not open under the vault key: "
                    + "it was altered or moved from another record"))
        }
    }

    private static func authenticatedData(_ id: UUID) -> [UInt8] { Array("secrets:\(id.uuidString)".utf8) }

    /// The record that refers to a secret, as messages name it.
    private static func owner(of id: UUID, _ connection: SQLiteConnection) throws -> String {
        let value: [SQLiteValue] = [.id(id)]
        if let row = try connection.query(sql: "SELECT label FROM identities WHERE password_secret_id = ?", arguments: value).first {
            return "Identity '\(try row.get("label", as: String.self))' (password)"
        }
        if let row = try connection.query(sql: "SELECT label FROM keys WHERE private_key_secret_id = ?", arguments: value).first {
            return "Key '\(try row.get("label", as: String.self))' (private key)"
        }
        if let row = try connection.query(sql: "SELECT label FROM keys WHERE passphrase_secret_id = ?", arguments: value).first {
            return "Key '\(try row.get("label", as: String.self))' (passphrase)"
        }
        return "secret \(id.uuidString)"
    }
}
