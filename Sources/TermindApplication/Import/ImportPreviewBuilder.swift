import TermindDomain

/// Reads a folder into an `ImportPreview` (docs/behaviour.md §6): walks it, classifies each file by content,
/// reads the public facts of private keys (then drops their text: only the path and SHA-256
/// stay), parses known_hosts, reads the ssh config through the config reader, and compares it
/// all with the Vault. Writes nothing.
///
/// A value over the ports; safe to use from any task.
public struct ImportPreviewBuilder: Sendable {
    public let directory: any SSHDirectoryReader
    public let keyCodec: any PrivateKeyCodec
    public let store: any VaultStore

    public init(directory: any SSHDirectoryReader, keyCodec: any PrivateKeyCodec, store: any VaultStore) {
        self.directory = directory
        self.keyCodec = keyCodec
        self.store = store
    }

    /// What the walk found, sorted by kind; no private-key text.
    struct Findings {
        var keys: [ImportKeyItem] = []
        var publicKeys: [(path: String, line: PublicKeyLine)] = []
        var configFiles: [String] = []
        var knownHosts: [ImportKnownHostItem] = []
        var skipped: [ImportSkippedItem] = []
    }

    func findings(in folder: String) throws -> Findings {
        var findings = Findings()
        try directory.walk(folder) { entry in
            switch entry {
            case .skipped(let path, let kind, let reason):
                findings.skipped.append(ImportSkippedItem(ImportLocation(file: path), kind: kind, reason: reason))
            case .file(let path, let content):
                classify(path, content, folder: folder, into: &findings)
            }
        }
        return findings
    }

    private func classify(_ path: String, _ content: Secret, folder: String, into findings: inout Findings) {
        let location = ImportLocation(file: path)
        switch content.withByteArray(SSHFileClassifier.classify) {
        case .sshConfig:
            findings.configFiles.append(path)
        case .privateKey(let format, let encrypted):
            findings.keys.append(keyItem(path, content, format: format, encrypted: encrypted, folder: folder))
        case .unreadablePrivateKey(let format, let reason):
            findings.keys.append(ImportKeyItem(
                path: path, label: ImportKeyItem.label(forPath: path, in: folder), digest: FileDigest(of: content),
                format: format, isEncrypted: false, publicKey: nil, problem: reason))
        case .publicKey:
            let text = content.revealed
            if let line = text.split(whereSeparator: \.isNewline).lazy.compactMap({ PublicKeyLine($0) }).first {
                findings.publicKeys.append((path, line))
            }
        case .knownHosts:
            let (records, warnings) = KnownHostsFile.parseNumbered(content.revealed, file: path)
            for (record, line) in records {
                findings.knownHosts.append(ImportKnownHostItem(record: record, location: ImportLocation(file: path, line: line)))
            }
            findings.skipped += warnings.map {
                ImportSkippedItem(ImportLocation(file: $0.file, line: $0.line), kind: .knownHostsLine, reason: $0.reason)
            }
        case .authorizedKeys:
            findings.skipped.append(ImportSkippedItem(
                location, kind: .authorizedKeys, reason: "authorized_keys (who may log in to this machine): listed, not imported"))
        case .other(let reason):
            findings.skipped.append(ImportSkippedItem(location, kind: .other, reason: reason))
        }
    }

    /// A key file's public facts; its text is not kept. An encrypted PEM key shows none yet.
    private func keyItem(
        _ path: String, _ content: Secret, format: PrivateKeyFormat, encrypted: Bool, folder: String
    ) -> ImportKeyItem {
        let label = ImportKeyItem.label(forPath: path, in: folder)
        let digest = FileDigest(of: content)
        do {
            let info = try keyCodec.inspect(content, passphrase: nil)
            return ImportKeyItem(
                path: path, label: label, digest: digest, format: format, isEncrypted: info.isEncrypted,
                publicKey: ImportPublicKey(
                    algorithm: info.algorithm, bits: info.bits, blob: info.publicKeyBlob, comment: info.comment))
        } catch PrivateKeyError.passphraseRequired {
            return ImportKeyItem(path: path, label: label, digest: digest, format: format, isEncrypted: true, publicKey: nil)
        } catch {
            return ImportKeyItem(
                path: path, label: label, digest: digest, format: format, isEncrypted: encrypted, publicKey: nil,
                problem: String(describing: error))
        }
    }
}
