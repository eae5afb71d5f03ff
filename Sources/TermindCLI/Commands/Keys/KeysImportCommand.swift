import Foundation
import TermindApplication
import TermindDomain

/// `termind keys import LABEL [--file PATH] [--passphrase | --passphrase-stdin] [--store-passphrase]`
struct KeysImportCommand: Command {
    static let definition = CommandDefinition(
        name: "import", abstract: "Import an OpenSSH or PEM private key from a file or standard input",
        discussion: """
            An encrypted key keeps its encryption in the Vault. Its passphrase is checked when
            given and stored (sealed) only with --store-passphrase; otherwise it is asked when
            the key is used.
            """,
        arguments: [.init("LABEL", help: "A label to call the Key by")],
        options: [
            .option("file", short: "f", .path, help: "The private key file (default: standard input)"),
            .flag("passphrase", help: "Ask for the key's passphrase (no echo)"),
            .flag("passphrase-stdin", help: "Read the key's passphrase from standard input (needs --file)"),
            .flag("store-passphrase", help: "Keep the passphrase, sealed, with the key"),
        ])

    let label: String
    let file: String?
    let askPassphrase: Bool
    let passphraseFromStandardInput: Bool
    let storePassphrase: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        file = parsed.value("file").flatMap { $0 == "-" ? nil : $0 }
        askPassphrase = parsed.flag("passphrase")
        passphraseFromStandardInput = parsed.flag("passphrase-stdin")
        storePassphrase = parsed.flag("store-passphrase")
        if passphraseFromStandardInput && file == nil {
            throw UsageError("--passphrase-stdin needs --file: standard input cannot carry both the key and its passphrase")
        }
        if askPassphrase && passphraseFromStandardInput {
            throw UsageError("--passphrase and --passphrase-stdin contradict each other")
        }
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let privateKey = try readPrivateKey()
        let access = VaultAccess(context, dataDirectory: dataDirectory)
        var passphrase: Secret?
        if passphraseFromStandardInput { passphrase = SecretInput.readStandardInput() }
        let needsPassphrase = try askPassphrase || isEncrypted(privateKey, codec: access.keyCodec)
        if passphrase == nil && needsPassphrase {
            passphrase = try? SecretInput.prompt(
                "Enter passphrase for the key '\(label)': ", need: "the passphrase of this key",
                remedy: "pass --passphrase-stdin with --file")
        }
        let key = try await access.editor().importKey(
            label, privateKey: privateKey, passphrase: passphrase, storePassphrase: storePassphrase)
        context.out("imported Key '\(key.label)' \(key.fingerprint) (\(key.algorithm.displayName))\n")
        if key.isEncrypted && passphrase == nil {
            context.err("note: the key stays encrypted and its passphrase was not checked; it will be asked when the key is used\n")
        }
        if key.algorithm == .rsa { context.err("warning: \(Self.rsaWarning)\n") }
        return 0
    }

    /// libssh2 1.10 signs RSA user keys only with ssh-rsa (SHA-1).
    static let rsaWarning = """
        RSA keys sign with ssh-rsa (SHA-1) through libssh2 1.10, which OpenSSH 8.8 and later refuse \
        by default; prefer an ed25519 key ('termind keys generate LABEL')
        """

    private func readPrivateKey() throws -> Secret {
        guard let file else { return SecretInput.readStandardInput() }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw FileReadFailure(path: file)
        }
        var bytes = Array(data)
        return Secret(wiping: &bytes)
    }

    /// Whether the key needs a passphrase to be checked (encrypted OpenSSH) or read (encrypted PEM).
    private func isEncrypted(_ privateKey: Secret, codec: any PrivateKeyCodec) throws -> Bool {
        do {
            return try codec.inspect(privateKey, passphrase: nil).isEncrypted
        } catch PrivateKeyError.passphraseRequired {
            return true
        }
    }
}
