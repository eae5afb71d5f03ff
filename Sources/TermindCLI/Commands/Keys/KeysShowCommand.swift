import TermindDomain

/// `termind keys show LABEL [--json]`: the public key line and its SHA256 fingerprint, as
/// `ssh-keygen -lf` prints it.
struct KeysShowCommand: ShowRecordCommand {
    static let kind = VaultRecordKind.key
    let options: RecordOptions

    func view(in snapshot: VaultSnapshot) throws -> KeyView {
        KeyView(try require(snapshot.key(label)), in: snapshot)
    }

    func text(of view: KeyView) -> String {
        var details = DetailList()
        details.add("label", view.label)
        details.add("type", "\(view.type), \(view.bits) bits")
        details.add("fingerprint", view.fingerprint)
        details.add("public key", view.publicKey)
        details.add(
            "encrypted", view.encrypted ? (view.passphraseStored ? "yes, passphrase stored" : "yes, passphrase asked when used") : "no")
        details.add("identities", view.usedBy.isEmpty ? "-" : view.usedBy.joined(separator: ", "))
        return details.text
    }
}
