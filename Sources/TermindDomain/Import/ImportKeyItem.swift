import Foundation

/// A private key file found by the import, as the preview lists it: its path, the digest of its
/// content when read, and its public facts. The private key text itself is not kept: commit reads
/// the file again and refuses it if the digest differs.
public struct ImportKeyItem: Sendable, Equatable {
    /// 1-based place in the preview's key list.
    public internal(set) var index: Int = 0
    public let path: String
    /// The label the Key gets: the file's path inside the folder (`id_ed25519`, `work/deploy`).
    public internal(set) var label: String
    public let digest: FileDigest
    public let format: PrivateKeyFormat
    public let isEncrypted: Bool
    /// Nil while unknown: an encrypted PEM key shows nothing without its passphrase (a `.pub`
    /// file beside it fills this in; commit checks it against the decrypted key).
    public internal(set) var publicKey: ImportPublicKey?
    /// Whether `publicKey` came from the key file itself (false: from a `.pub` beside it, or unknown).
    public internal(set) var publicKeyFromKeyFile: Bool
    public internal(set) var status: ImportStatus
    /// Things the person should know that do not stop the import (RSA signatures, passphrases).
    public internal(set) var warnings: [String] = []
    /// The Vault's Key when `status` is `.existing`.
    public internal(set) var existingKeyID: UUID?

    /// - Parameter problem: why the file cannot be imported (damaged, unsupported), if it cannot.
    public init(
        path: String, label: String, digest: FileDigest, format: PrivateKeyFormat, isEncrypted: Bool,
        publicKey: ImportPublicKey?, problem: String? = nil
    ) {
        self.path = path
        self.label = label
        self.digest = digest
        self.format = format
        self.isEncrypted = isEncrypted
        self.publicKey = publicKey
        publicKeyFromKeyFile = publicKey != nil
        status = problem.map { .cannotImport(reason: $0) } ?? .new
    }

    /// An encrypted PEM key can be read, and its public half checked, only with its passphrase.
    public var needsPassphrase: Bool { isEncrypted && format == .pem }
}

extension ImportKeyItem {
    /// The label for a key file: its path inside `folder` (`id_ed25519`, `work/deploy`), with
    /// characters a label cannot hold replaced by `-` and cut to the last 64 characters.
    public static func label(forPath path: String, in folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        return ImportLabel.sanitized(relative)
    }
}
