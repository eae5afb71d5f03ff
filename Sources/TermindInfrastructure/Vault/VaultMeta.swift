import Foundation
import TermindApplication
import TermindCrypto

/// The rows of `vault_meta`: where the vault key comes from, the scrypt salt and cost when it
/// is a passphrase, and the verifier that tells a right key from a wrong one before any
/// secret is opened. A plain value; read and written on the `VaultDatabase` actor's connection.
struct VaultMeta: Equatable, Sendable {
    /// scrypt's salt and cost parameters for a master passphrase.
    struct ScryptParameters: Equatable, Sendable {
        var salt: [UInt8]
        var n: UInt64
        var r: UInt64
        var p: UInt64

        /// N = 2^15, r = 8, p = 1 (32 MiB, about 0.1 s) with 16 fresh random bytes of salt.
        static func fresh() throws -> ScryptParameters {
            ScryptParameters(salt: try SecureRandom.bytes(count: 16), n: 1 << 15, r: 8, p: 1)
        }
    }

    var source: VaultStatus.KeySource = .keyFile
    /// A fixed constant sealed under the vault key; nil until the first secret is sealed.
    var verifier: [UInt8]?
    var scrypt: ScryptParameters?

    static let verifierPlaintext = Array("termind vault key verifier v1".utf8)
    private static let verifierData = Array("vault_meta.verifier".utf8)

    /// A new verifier for `key`.
    static func verifier(for key: [UInt8]) throws(CryptoError) -> [UInt8] {
        try AESGCM.seal(verifierPlaintext, key: key, authenticating: verifierData).combined
    }

    /// Whether this meta's verifier opens under `key` (true when there is no verifier yet).
    func accepts(_ key: [UInt8]) -> Bool {
        guard let verifier else { return true }
        guard let box = try? AESGCM.SealedBox(combined: verifier),
            let plaintext = try? AESGCM.open(box, key: key, authenticating: Self.verifierData)
        else { return false }
        return ConstantTime.equals(plaintext, Self.verifierPlaintext)
    }

    // MARK: Storage

    static func read(_ connection: SQLiteConnection) throws -> VaultMeta {
        var values: [String: SQLiteValue] = [:]
        for row in try connection.query(sql: "SELECT key, value FROM vault_meta") {
            values[try row.get("key", as: String.self)] = row["value"]
        }
        let damaged = { (detail: String) in
            VaultUnavailable(location: connection.path, cause: .corrupt(detail: "vault_meta \(detail)"))
        }
        var meta = VaultMeta()
        switch values["key_source"] {
        case nil, .text(VaultStatus.KeySource.keyFile.rawValue)?: meta.source = .keyFile
        case .text(VaultStatus.KeySource.passphrase.rawValue)?: meta.source = .passphrase
        case let other?: throw damaged("names an unknown key source (\(other))")
        }
        if let value = values["verifier"] {
            guard let bytes = [UInt8](sqliteValue: value) else { throw damaged("holds a verifier that is not a blob") }
            meta.verifier = bytes
        }
        if let salt = values["scrypt_salt"] {
            guard let salt = [UInt8](sqliteValue: salt), let n = values["scrypt_n"].flatMap(Int64.init(sqliteValue:)),
                let r = values["scrypt_r"].flatMap(Int64.init(sqliteValue:)),
                let p = values["scrypt_p"].flatMap(Int64.init(sqliteValue:)), n > 1, r > 0, p > 0
            else { throw damaged("holds incomplete scrypt parameters") }
            meta.scrypt = ScryptParameters(salt: salt, n: UInt64(n), r: UInt64(r), p: UInt64(p))
        }
        if meta.source == .passphrase && (meta.scrypt == nil || meta.verifier == nil) {
            throw damaged("says a passphrase is set but lacks its salt or verifier")
        }
        return meta
    }

    /// Replaces every row of `vault_meta` with this value.
    func write(_ connection: SQLiteConnection) throws {
        try connection.execute(sql: "DELETE FROM vault_meta", arguments: [])
        var rows: [(String, SQLiteValue)] = [("key_source", .text(source.rawValue))]
        if let verifier { rows.append(("verifier", .blob(verifier))) }
        if let scrypt {
            rows += [
                ("scrypt_salt", .blob(scrypt.salt)), ("scrypt_n", .integer(Int64(scrypt.n))),
                ("scrypt_r", .integer(Int64(scrypt.r))), ("scrypt_p", .integer(Int64(scrypt.p))),
            ]
        }
        for (key, value) in rows {
            try connection.execute(sql: "INSERT INTO vault_meta (key, value) VALUES (?, ?)", arguments: [.text(key), value])
        }
    }
}
