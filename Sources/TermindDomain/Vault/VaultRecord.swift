import Foundation

/// One record of any kind, for writing changes to the Vault in one transaction.
public enum VaultRecord: Sendable, Equatable {
    case host(Host)
    case identity(Identity)
    case key(SSHKey)
    case snippet(Snippet)
    case knownHost(KnownHost)
    case template(Template)

    public var kind: VaultRecordKind {
        switch self {
        case .host: .host
        case .identity: .identity
        case .key: .key
        case .snippet: .snippet
        case .knownHost: .knownHost
        case .template: .template
        }
    }
}
