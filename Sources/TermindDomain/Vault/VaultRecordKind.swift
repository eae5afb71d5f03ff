/// The kinds of record the Vault holds; labels are unique within a kind.
public enum VaultRecordKind: String, Sendable, CaseIterable, Codable {
    case host, identity, key, snippet, knownHost, template

    /// "Host", "Identity"... as messages name them.
    public var singular: String {
        switch self {
        case .host: "Host"
        case .identity: "Identity"
        case .key: "Key"
        case .snippet: "Snippet"
        case .knownHost: "Known Host"
        case .template: "Template"
        }
    }

    /// "Hosts", "Identities"... for list titles.
    public var plural: String {
        switch self {
        case .identity: "Identities"
        default: singular + "s"
        }
    }

    /// The `termind` command that manages this kind.
    public var command: String {
        switch self {
        case .host: "hosts"
        case .identity: "identities"
        case .key: "keys"
        case .snippet: "snippets"
        case .knownHost: "known-hosts"
        case .template: "templates"
        }
    }
}
