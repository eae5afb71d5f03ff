import TermindCrypto

/// Keys: pairing `.pub` files and statuses against the Vault.
extension ImportPreview {
    /// libssh2 1.10 signs with RSA user keys only as ssh-rsa (SHA-1); the same warning as `keys import`.
    public static let rsaWarning = """
        RSA keys sign with ssh-rsa (SHA-1) through libssh2 1.10, which OpenSSH 8.8 and later refuse \
        by default; prefer an ed25519 key ('termind keys generate LABEL')
        """

    static let pemPassphraseWarning =
        "an encrypted PEM key shows its public key only with its passphrase: it is asked for when the key is imported"

    mutating func assembleKeys(
        _ found: [ImportKeyItem], publicKeys: [(path: String, line: PublicKeyLine)], vault: VaultSnapshot
    ) {
        keys = found.sorted { $0.path < $1.path }
        for index in keys.indices { keys[index].index = index + 1 }
        for (path, line) in publicKeys.sorted(by: { $0.path < $1.path }) { pair(path, line) }
        for index in keys.indices where keys[index].status.isNew { giveStatus(toKey: index, vault: vault) }
    }

    /// A `.pub` file is the public half of a key in the folder (same key), or of an encrypted PEM
    /// key beside it (by name: the key itself cannot be read yet), or a key alone.
    private mutating func pair(_ path: String, _ line: PublicKeyLine) {
        let location = ImportLocation(file: path)
        if let index = keys.firstIndex(where: { $0.publicKey?.blob == line.blob }) {
            if let known = keys[index].publicKey, known.comment.isEmpty, !line.comment.isEmpty {
                // An encrypted OpenSSH key keeps its comment inside the encrypted part.
                keys[index].publicKey = ImportPublicKey(
                    algorithm: known.algorithm, bits: known.bits, blob: known.blob, comment: line.comment)
            }
            skipped.append(.init(location, kind: .publicKey, reason: "the public half of Key '\(keys[index].label)'"))
        } else if let index = keys.firstIndex(where: { $0.publicKey == nil && $0.path + ".pub" == path && $0.status.isNew }),
            let publicKey = Self.publicKey(line)
        {
            keys[index].publicKey = publicKey
            skipped.append(.init(
                location, kind: .publicKey,
                reason: "the public half of Key '\(keys[index].label)' (checked against the key when it is decrypted)"))
        } else {
            skipped.append(.init(location, kind: .publicKey, reason: "a public key whose private key is not in the folder"))
        }
    }

    private static func publicKey(_ line: PublicKeyLine) -> ImportPublicKey? {
        guard let algorithm = KeyAlgorithm(rawValue: line.keyType), let key = try? SSHPublicKey(blob: line.blob) else {
            return nil
        }
        return ImportPublicKey(algorithm: algorithm, bits: key.bits, blob: line.blob, comment: line.comment)
    }

    private mutating func giveStatus(toKey index: Int, vault: VaultSnapshot) {
        let item = keys[index]
        if item.needsPassphrase { keys[index].warnings.append(Self.pemPassphraseWarning) }
        if let publicKey = item.publicKey {
            if publicKey.algorithm == .rsa { keys[index].warnings.append(Self.rsaWarning) }
            if let existing = vault.keys.first(where: { $0.publicKeyBlob == publicKey.blob }) {
                keys[index].status = .existing(label: existing.label.rawValue)
                keys[index].existingKeyID = existing.id
                return
            }
            if let earlier = keys[..<index].first(where: { $0.publicKey?.blob == publicKey.blob }) {
                keys[index].status = .cannotImport(reason: "the same key as '\(earlier.label)' (\(earlier.path))")
                return
            }
        }
        do {
            let label = try Label(item.label)
            if let taken = vault.key(label.rawValue) {
                keys[index].status = .conflict(
                    reason: "the Vault has another Key labelled '\(label)' (\(taken.fingerprint)); rename one of them")
            }
        } catch {
            keys[index].status = .cannotImport(reason: error.description)
        }
    }
}
