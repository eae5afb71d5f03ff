/// The values obtained so far while one name is resolved. OpenSSH keeps the first value obtained
/// for each keyword; `IdentityFile` accumulates (without repeating an identical value).
struct SSHConfigOptions {
    /// OpenSSH's limit on identity files (`SSH_MAX_IDENTITY_FILES`).
    static let maximumIdentityFiles = 100

    var hostName: String?
    var hostNameLocation: SSHConfigLocation?
    var port: Int?
    var user: String?
    var identityFiles: [(value: String, location: SSHConfigLocation)] = []
    var proxyJump: SSHConfigProxyJump?
    var proxyJumpLocation: SSHConfigLocation?
    var proxyCommand: String?
    /// Every TCP forwarding, in order (they add up, as in ssh).
    var forwards: [ForwardRule] = []
    var hostKeyAlias: String?
    var serverAliveInterval: Int?
    var serverAliveCountMax: Int?
    var canonicalizeHostname: (level: Int, location: SSHConfigLocation)?
    var ignoreUnknown: String?
    /// The values ssh expands before it prints (`SSHConfigDirective.expandedAtStart`): the first
    /// for each setting, and every forwarding's.
    var expandedAtStart: [(setting: String?, values: [String], environment: Bool, keyword: String, location: SSHConfigLocation)] = []
}
