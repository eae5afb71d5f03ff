import TermindDomain

/// A Key of the preview: `label`, `path`, `format` (`openssh`, `pem`), `type`, `bits` and
/// `fingerprint` (null while an encrypted PEM key hides them), `encrypted`, `sha256` of the file
/// as read, `warnings`, `status`, `reason`, `selected`. Never the private key.
struct ImportKeyView: Encodable {
    let index: Int
    let label: String
    let path: String
    let format: String
    let type: String?
    let bits: Int?
    let fingerprint: String?
    let encrypted: Bool
    let sha256: String
    let warnings: [String]
    let status: String
    let reason: String?
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

    private enum CodingKeys: String, CodingKey {
        case index, label, path, format, type, bits, fingerprint, encrypted, sha256, warnings, status, reason, selected
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(label, forKey: .label)
        try container.encode(path, forKey: .path)
        try container.encode(format, forKey: .format)
        try container.encode(type, forKey: .type)
        try container.encode(bits, forKey: .bits)
        try container.encode(fingerprint, forKey: .fingerprint)
        try container.encode(encrypted, forKey: .encrypted)
        try container.encode(sha256, forKey: .sha256)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(selected, forKey: .selected)
    }
}
