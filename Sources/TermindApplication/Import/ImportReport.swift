import TermindDomain

/// What a commit wrote, record by record, and the notes of its plan (what was left out and why).
public struct ImportReport: Sendable, Equatable {
    public let hosts: [TermindDomain.Host]
    public let identities: [Identity]
    public let keys: [SSHKey]
    public let knownHosts: [KnownHost]
    public let notes: [String]

    public init(hosts: [TermindDomain.Host], identities: [Identity], keys: [SSHKey], knownHosts: [KnownHost], notes: [String]) {
        self.hosts = hosts
        self.identities = identities
        self.keys = keys
        self.knownHosts = knownHosts
        self.notes = notes
    }

    public var isEmpty: Bool { hosts.isEmpty && identities.isEmpty && keys.isEmpty && knownHosts.isEmpty }
}
