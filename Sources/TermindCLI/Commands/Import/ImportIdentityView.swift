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
    @NullWhenAbsent var reason: String?
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
}
