import Foundation
import Synchronization
import TermindApplication
import TermindCrypto
import TermindDomain

/// Provides the 32-byte vault key that seals and opens secrets, from where `vault_meta` says
/// it comes: the key file (created on first seal), or a master passphrase through scrypt.
///
/// The key is looked for only when a secret is sealed or opened, never to list records, so
/// listing Hosts never asks for a passphrase. A passphrase is asked for through the injected
/// source (the command line reads `TERMIND_VAULT_PASSPHRASE` or prompts without echo, or
/// throws `.passphraseRequired`), checked against the stored verifier (`.wrongPassphrase`)
/// and the derived key kept for this process, for as long as the stored salt and verifier
/// stay the same. A key file is read each time and checked the same way (`.keyFileMismatch`).
///
/// `Sendable`: its cache is behind a lock. Its methods run on the `VaultDatabase` actor, with
/// that actor's connection inside a transaction.
public final class VaultKeyring: Sendable {
    /// The key file (`XDGPaths.vaultKeyFile`).
    public let keyFilePath: String

    private let keyFile: VaultKeyFile
    private let passphraseSource: @Sendable () throws -> Secret
    /// How many times a wrong passphrase is asked for again (a person at a terminal gets three,
    /// as `sudo` gives; a variable in a script, one).
    private let passphraseTries: Int
    private let logger: any Logger
    private let cache = Mutex<Derived?>(nil)

    private struct Derived: Sendable {
        let parameters: VaultMeta.ScryptParameters
        let verifier: [UInt8]
        let key: [UInt8]
    }

    /// - Parameters:
    ///   - keyFilePath: where the key file is, or will be created.
    ///   - passphraseSource: asked for the master passphrase when one is set and its key is
    ///     not known yet in this process.
    ///   - passphraseTries: how many times it is asked while the answer is wrong.
    public init(
        keyFilePath: String, passphraseSource: @escaping @Sendable () throws -> Secret, passphraseTries: Int = 1,
        logger: any Logger = NullLogger()
    ) {
        self.keyFilePath = keyFilePath
        keyFile = VaultKeyFile(path: keyFilePath)
        self.passphraseSource = passphraseSource
        self.passphraseTries = max(1, passphraseTries)
        self.logger = logger
    }

    /// Asks for the passphrase, if one is set and not yet known, so that a following write
    /// transaction does not hold the lock while a person types.
    func prepare(_ connection: SQLiteConnection) throws {
        let meta = try VaultMeta.read(connection)
        if meta.source == .passphrase { _ = try passphraseKey(meta, location: connection.path) }
    }

    /// The key to open secrets with. Never creates the key file.
    func openingKey(_ connection: SQLiteConnection) throws -> [UInt8] {
        let meta = try VaultMeta.read(connection)
        switch meta.source {
        case .passphrase:
            return try passphraseKey(meta, location: connection.path)
        case .keyFile:
            guard let key = try keyFile.read() else { throw missingKeyFile(connection.path) }
            guard meta.accepts(key) else { throw VaultUnavailable(location: keyFilePath, cause: .keyFileMismatch) }
            return key
        }
    }

    /// The key to seal with, inside a write transaction: creates the key file on first use
    /// and records the verifier if there is none yet. While the Vault holds no secret, a key
    /// file that is missing or does not fit the verifier is simply adopted (nothing depends on
    /// the old key); once secrets exist, that is refused.
    func sealingKey(_ connection: SQLiteConnection) throws -> [UInt8] {
        var meta = try VaultMeta.read(connection)
        if meta.source == .passphrase { return try passphraseKey(meta, location: connection.path) }

        let hasSecrets = try Self.secretCount(connection) > 0
        let key: [UInt8]
        if let existing = try keyFile.read() {
            guard meta.accepts(existing) || !hasSecrets else {
                throw VaultUnavailable(location: keyFilePath, cause: .keyFileMismatch)
            }
            key = existing
        } else {
            guard meta.verifier == nil || !hasSecrets else { throw missingKeyFile(connection.path) }
            key = try keyFile.create()
            logger.notice("Vault: created the vault key file \(keyFilePath)")
        }
        if meta.verifier == nil || !meta.accepts(key) {
            meta.verifier = try Self.crypto { try VaultMeta.verifier(for: key) }
            try meta.write(connection)
        }
        return key
    }

    /// The key file's key, creating the file if it is missing (returning to the key file).
    func keyFileKey() throws -> [UInt8] {
        if let key = try keyFile.read() { return key }
        let key = try keyFile.create()
        logger.notice("Vault: created the vault key file \(keyFilePath)")
        return key
    }

    /// Derives the key for a new passphrase (slow on purpose: scrypt), and remembers it.
    func deriveNew(_ passphrase: Secret) throws -> (key: [UInt8], parameters: VaultMeta.ScryptParameters) {
        let parameters = try Self.crypto { try VaultMeta.ScryptParameters.fresh() }
        return (try derive(passphrase, parameters, location: keyFilePath), parameters)
    }

    /// Remembers a passphrase key just written with `verifier`, so it is not asked for again.
    func remember(key: [UInt8], parameters: VaultMeta.ScryptParameters, verifier: [UInt8]) {
        cache.withLock { $0 = Derived(parameters: parameters, verifier: verifier, key: key) }
    }

    static func secretCount(_ connection: SQLiteConnection) throws -> Int {
        try connection.query(sql: "SELECT COUNT(*) AS count FROM secrets").first?.get("count") ?? 0
    }

    /// Runs a TermindCrypto call; its rare failures (no randomness, libcrypto errors) become
    /// `VaultUnavailable(.other)`. They never carry key or plaintext bytes.
    static func crypto<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw VaultUnavailable(location: "the vault key", cause: .other(detail: "a cryptographic operation failed: \(error)"))
        }
    }

    // MARK: Private

    private func passphraseKey(_ meta: VaultMeta, location: String) throws -> [UInt8] {
        guard let parameters = meta.scrypt, let verifier = meta.verifier else {
            throw VaultUnavailable(location: location, cause: .corrupt(detail: "vault_meta lacks the passphrase's salt or verifier"))
        }
        if let known = cache.withLock({ $0 }), known.parameters == parameters, known.verifier == verifier {
            return known.key
        }
        for _ in 0..<passphraseTries {
            let key = try derive(try passphraseSource(), parameters, location: location)
            if meta.accepts(key) {
                remember(key: key, parameters: parameters, verifier: verifier)
                return key
            }
        }
        throw VaultUnavailable(location: location, cause: .wrongPassphrase)
    }

    private func derive(_ passphrase: Secret, _ parameters: VaultMeta.ScryptParameters, location: String) throws -> [UInt8] {
        do {
            return try passphrase.withByteArray { bytes in
                try Scrypt.deriveKey(
                    passphrase: bytes, salt: parameters.salt, n: parameters.n, r: parameters.r, p: parameters.p,
                    length: AESGCM.keyByteCount)
            }
        } catch {
            throw VaultUnavailable(
                location: location, cause: .corrupt(detail: "the stored scrypt parameters cannot be used: \(error)"))
        }
    }

    private func missingKeyFile(_ location: String) -> VaultUnavailable {
        VaultUnavailable(
            location: location,
            cause: .other(
                detail: "its secrets are sealed with the vault key file \(keyFilePath), which is missing; restore it from a backup"))
    }
}
