import Foundation

/// Every record of the Vault at one moment, read in one transaction. Commands read a
/// snapshot, decide, then write changes; labels are resolved here.
public struct VaultSnapshot: Sendable, Equatable {
    public var hosts: [Host]
    public var identities: [Identity]
    public var keys: [SSHKey]
    public var snippets: [Snippet]
    public var knownHosts: [KnownHost]
    public var templates: [Template]

    public init(
        hosts: [Host] = [], identities: [Identity] = [], keys: [SSHKey] = [], snippets: [Snippet] = [],
        knownHosts: [KnownHost] = [], templates: [Template] = []
    ) {
        self.hosts = hosts
        self.identities = identities
        self.keys = keys
        self.snippets = snippets
        self.knownHosts = knownHosts
        self.templates = templates
    }

    public func host(_ label: String) -> Host? { hosts.first { $0.label.rawValue == label } }
    public func identity(_ label: String) -> Identity? { identities.first { $0.label.rawValue == label } }
    public func key(_ label: String) -> SSHKey? { keys.first { $0.label.rawValue == label } }
    public func snippet(_ label: String) -> Snippet? { snippets.first { $0.label.rawValue == label } }
    public func template(_ label: String) -> Template? { templates.first { $0.label.rawValue == label } }

    public func host(id: UUID) -> Host? { hosts.first { $0.id == id } }
    public func identity(id: UUID) -> Identity? { identities.first { $0.id == id } }
    public func key(id: UUID) -> SSHKey? { keys.first { $0.id == id } }

    /// Labels of the Hosts that use `identityID`.
    public func hostsUsing(identityID: UUID) -> [String] {
        hosts.filter { $0.identityID == identityID }.map(\.label.rawValue).sorted()
    }

    /// Labels of the Identities that use `keyID`.
    public func identitiesUsing(keyID: UUID) -> [String] {
        identities.filter { $0.keyID == keyID }.map(\.label.rawValue).sorted()
    }

    /// Labels of the Hosts whose jump chain names `hostID`.
    public func hostsJumpingThrough(hostID: UUID) -> [String] {
        hosts.filter { $0.jumpChain.contains(hostID) }.map(\.label.rawValue).sorted()
    }
}
