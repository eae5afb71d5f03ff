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
    @NullWhenAbsent var user: String?
    let identityFiles: [String]
    let proxyJump: [String]
    let identities: [String]
    let location: String
    let notes: [String]
    let status: String
    @NullWhenAbsent var reason: String?
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
}
