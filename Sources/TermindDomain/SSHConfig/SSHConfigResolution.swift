/// Everything read from one ssh_config and its Includes: each concrete alias resolved (in the
/// order their `Host` lines are read), and the notes about what was not imported or not readable.
public struct SSHConfigResolution: Sendable, Equatable {
    public var hosts: [SSHConfigHost]
    /// Each note once, in reading order (files in the order they were first reached, then line).
    public var notes: [SSHConfigNote]
    /// Every file read, the configuration first, then each included file once in the order reached:
    /// what the resolution stands for, also when OpenSSH refuses it and `hosts` is empty.
    public var files: [String]
    /// Why OpenSSH refuses the configuration as a whole, at the first line it refuses whatever the
    /// name (`ssh -G` fails for every name); `hosts` is then empty.
    public var refusal: SSHConfigNote?

    public init(hosts: [SSHConfigHost], notes: [SSHConfigNote], files: [String] = [], refusal: SSHConfigNote? = nil) {
        self.hosts = hosts
        self.notes = notes
        self.files = files
        self.refusal = refusal
    }
}
