import TermindDomain

/// `termind keys show LABEL [--json]`: the public key line and its SHA256 fingerprint, as
/// `ssh-keygen -lf` prints it.
struct KeysShowCommand: Command {
    static let definition = CommandDefinition(
        name: "show", abstract: "Show one Key's public key and fingerprint",
        arguments: [.init("LABEL", help: "The Key's label")],
        options: [.flag("json", help: "Print a JSON object")])

    let label: String
    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let snapshot = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot()
        guard let key = snapshot.key(label) else { throw VaultRuleViolation.missingRecord(kind: .key, label: label) }
        let view = KeyView(key, in: snapshot)
        if json { context.out(try JSONOutput.text(view)); return 0 }
        var details = DetailList()
        details.add("label", view.label)
        details.add("type", "\(view.type) (\(key.algorithm.displayName), \(view.bits) bits)")
        details.add("fingerprint", view.fingerprint)
        details.add("public key", view.publicKey)
        details.add("encrypted", view.encrypted ? (view.passphraseStored ? "yes, passphrase stored" : "yes, passphrase asked when used") : "no")
        details.add("identities", view.usedBy.isEmpty ? "-" : view.usedBy.joined(separator: ", "))
        context.out(details.text)
        return 0
    }
}
