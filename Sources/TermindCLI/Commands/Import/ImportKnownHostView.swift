import TermindDomain

/// A Known Host of the preview: `pattern` (hashed ones as `|1|...`), `keyType`, `fingerprint`,
/// `marker` (null, `@revoked`, `@cert-authority`), `hashed`, `location` (`file:line`), `status`,
/// `reason`, `selected`.
struct ImportKnownHostView: Encodable {
    let index: Int
    let pattern: String
    let keyType: String
    let fingerprint: String
    let marker: String?
    let hashed: Bool
    let location: String
    let status: String
    let reason: String?
    let selected: Bool

    init(_ item: ImportKnownHostItem, selected: Bool) {
        index = item.index
        pattern = item.record.pattern
        keyType = item.record.keyType
        fingerprint = item.record.fingerprint.description
        marker = item.record.marker == .none ? nil : item.record.marker.rawValue
        hashed = item.isHashed
        location = item.location.description
        status = item.status.name
        reason = item.status.reason
        self.selected = selected
    }

    private enum CodingKeys: String, CodingKey {
        case index, pattern, keyType, fingerprint, marker, hashed, location, status, reason, selected
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(pattern, forKey: .pattern)
        try container.encode(keyType, forKey: .keyType)
        try container.encode(fingerprint, forKey: .fingerprint)
        try container.encode(marker, forKey: .marker)
        try container.encode(hashed, forKey: .hashed)
        try container.encode(location, forKey: .location)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(selected, forKey: .selected)
    }
}
