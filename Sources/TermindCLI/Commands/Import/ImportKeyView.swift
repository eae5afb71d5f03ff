import TermindDomain

/// A Key of the preview: `label`, `path`, `format` (`openssh`, `pem`), `type`, `bits` and
/// `fingerprint` (null while an encrypted PEM key hides them), `encrypted`, `sha256` of the file
/// as read, `warnings`, `status`, `reason`, `selected`. Never the private key.
struct ImportKeyView: Encodable {
    let index: Int
    let label: String
    let path: String
    let format: String
    @NullWhenAbsent var type: String?
    @NullWhenAbsent var bits: Int?
    @NullWhenAbsent var fingerprint: String?
    let encrypted: Bool
    let sha256: String
    let warnings: [String]
    let status: String
    @NullWhenAbsent var reason: String?
    let selected: Bool

    init(_ item: ImportKeyItem, selected: Bool) {
        index = item.index
        label = item.label
        path = item.path
        format = item.format.rawValue
        type = item.publicKey?.algorithm.rawValue
        bits = item.publicKey?.bits
        fingerprint = item.publicKey?.fingerprint.description
        encrypted = item.isEncrypted
        sha256 = item.digest.hex
        warnings = item.warnings
        status = item.status.name
        reason = item.status.reason
        self.selected = selected
    }
}
