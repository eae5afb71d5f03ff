/// What to do with a host key no record knows (docs/behaviour.md §2, §7).
public enum HostKeyPolicy: Sendable, Equatable {
    /// Ask the person through the interaction queue: *Trust once*, *Trust and save* or
    /// *Reject*. Without anyone to ask (the silent presenter) the key is not accepted.
    case ask
    /// Save the new key without asking, like OpenSSH's `StrictHostKeyChecking=accept-new`
    /// (`--accept-new`). A changed or revoked key still fails.
    case acceptNew
}
