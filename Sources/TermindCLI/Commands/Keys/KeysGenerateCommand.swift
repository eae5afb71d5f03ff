import TermindDomain

/// `termind keys generate LABEL [--type ed25519|ecdsa] [--comment TEXT]`
struct KeysGenerateCommand: Command {
    static let definition = CommandDefinition(
        name: "generate", abstract: "Generate a new Key in OpenSSH format and print its public key",
        arguments: [.init("LABEL", help: "A label to call the Key by")],
        options: [
            .option("type", short: "t", .choice(["ed25519", "ecdsa"]), help: "Key type (default ed25519)"),
            .option("comment", short: "C", valueName: "TEXT", help: "The comment on the public key (default: the label)"),
        ])

    let label: String
    let algorithm: KeyAlgorithm
    let comment: String?
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        algorithm = parsed.value("type") == "ecdsa" ? .ecdsaP256 : .ed25519
        comment = parsed.value("comment")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let key = try await VaultAccess(context, dataDirectory: dataDirectory).editor()
            .generateKey(label, algorithm: algorithm, comment: comment ?? label)
        context.out("\(key.publicKeyLine)\n")
        context.err("generated Key '\(key.label)' \(key.fingerprint) (\(key.algorithm.displayName))\n")
        return 0
    }
}
