import TermindDomain

/// A Known Host of the preview: `pattern` (hashed ones as `|1|...`), `keyType`, `fingerprint`,
/// `marker` (null, `@revoked`, `@cert-authority`), `hashed`, `location` (`file:line`), `status`,
/// `reason`, `selected`.
struct ImportKnownHostView: Encodable {
    let index: Int
    let pattern: String
    let keyType: String
    let fingerprint: String
    @NullWhenAbsent var marker: String?
    let hashed: Bool
    let location: String
    let status: String
    @NullWhenAbsent var reason: String?
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
}
