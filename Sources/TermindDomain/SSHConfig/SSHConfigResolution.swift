/// Everything read from one ssh_config and its Includes: each concrete alias resolved (in the
/// order their `Host` lines are read), and the notes about what was not imported or not readable.
public struct SSHConfigResolution: Sendable, Equatable {
    public var hosts: [SSHConfigHost]
    /// Each note once, in reading order (files in the order they were first reached, then line).
    public var notes: [SSHConfigNote]

    public init(hosts: [SSHConfigHost], notes: [SSHConfigNote]) {
        self.hosts = hosts
        self.notes = notes
    }
}
