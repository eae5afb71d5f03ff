import TermindDomain

/// A host of the preview: `alias`, `hostname`, `port` (a number), `user` (null when the config
/// sets none), `identityFiles` (paths as OpenSSH resolves them), `proxyJump` (hops as written,
/// empty when none), `identities` (labels of the Identities it can bind to), `location`
/// (`file:line`), `notes`, `status`, `reason`, `selected`.
struct ImportHostView: Encodable {
    let index: Int
    let alias: String
    let hostname: String
    let port: Int
    let user: String?
    let identityFiles: [String]
    let proxyJump: [String]
    let identities: [String]
    let location: String
    let notes: [String]
    let status: String
    let reason: String?
    let selected: Bool

    init(_ item: ImportHostItem, in preview: ImportPreview, selected: Bool) {
        index = item.index
        alias = item.alias
        hostname = item.hostname
        port = item.port
        user = item.user
        identityFiles = item.identityFiles
        proxyJump = item.proxyJump
        identities = item.identityIndexes.map { preview.identity($0).label }
        location = item.location.description
        notes = item.notes
        status = item.status.name
        reason = item.status.reason
        self.selected = selected
    }

    private enum CodingKeys: String, CodingKey {
        case index, alias, hostname, port, user, identityFiles, proxyJump, identities, location, notes, status, reason, selected
    }

    /// Nulls are written, not left out: every host has every key.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(alias, forKey: .alias)
        try container.encode(hostname, forKey: .hostname)
        try container.encode(port, forKey: .port)
        try container.encode(user, forKey: .user)
        try container.encode(identityFiles, forKey: .identityFiles)
        try container.encode(proxyJump, forKey: .proxyJump)
        try container.encode(identities, forKey: .identities)
        try container.encode(location, forKey: .location)
        try container.encode(notes, forKey: .notes)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(selected, forKey: .selected)
    }
}
