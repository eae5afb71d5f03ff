/// What the trust records say about a host key offered in a handshake.
public enum HostKeyVerdict: Sendable, Equatable {
    /// A record trusts exactly this key for this host.
    case known(KnownHost)
    /// No record of this key type for the host. `recordedKeyTypes` lists the types that are
    /// recorded for it (a new type for a known host is unknown, not changed).
    case unknown(recordedKeyTypes: [String])
    /// Records of this key type exist for the host and none holds this key.
    case changed(records: [KnownHost])
    /// A `@revoked` record holds this key.
    case revoked(KnownHost)
}
