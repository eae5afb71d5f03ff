import TermindDomain

/// An Identity of the preview: `label`, `username`, its `key` (label) and `keyPath`, `status`,
/// `reason`, `selected`.
struct ImportIdentityView: Encodable {
    let index: Int
    let label: String
    let username: String
    let key: String
    let keyPath: String
    let status: String
    let reason: String?
    let selected: Bool

    init(_ item: ImportIdentityItem, in preview: ImportPreview, selected: Bool) {
        index = item.index
        label = item.label
        username = item.username
        key = preview.key(item.keyIndex).label
        keyPath = preview.key(item.keyIndex).path
        status = item.status.name
        reason = item.status.reason
        self.selected = selected
    }

    private enum CodingKeys: String, CodingKey { case index, label, username, key, keyPath, status, reason, selected }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(label, forKey: .label)
        try container.encode(username, forKey: .username)
        try container.encode(key, forKey: .key)
        try container.encode(keyPath, forKey: .keyPath)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(selected, forKey: .selected)
    }
}
