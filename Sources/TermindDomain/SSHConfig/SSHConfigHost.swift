/// One concrete alias of an ssh_config, resolved as `ssh -G ALIAS -F FILE` resolves it: every
/// block that applies to the alias contributes, the first value obtained for each keyword wins.
public struct SSHConfigHost: Sendable, Equatable {
    /// The concrete name from a `Host` line.
    public var alias: String
    /// As `ssh -G` prints it: `HostName` with `%h` expanded (the alias when unset), lowercased
    /// unless it is an address, numeric addresses in their canonical form.
    public var hostname: String
    /// 22 when unset.
    public var port: Int
    /// nil when the configuration sets none (ssh then uses the local user name).
    public var user: String?
    /// The `IdentityFile`s the configuration sets, in order, `~`, `%` tokens and `${VAR}`
    /// expanded as ssh expands them when it loads them; [] when none (ssh then tries its default
    /// list). `ssh -G` itself prints them unexpanded.
    public var identityFiles: [String]
    /// The hops as written, split on commas; [] when none, "none", or when a `ProxyCommand`
    /// obtained first (OpenSSH then ignores ProxyJump).
    public var proxyJump: [String]
    /// The same hops parsed (user, host, port), one per entry of `proxyJump`.
    public var proxyJumpHops: [SSHConfigJumpHop]
    /// `LocalForward`, `RemoteForward` and `DynamicForward` over TCP, in order.
    public var forwards: [ForwardRule] = []
    /// `ServerAliveInterval` in seconds (0 for `none` or 0) and `ServerAliveCountMax`; nil when unset.
    public var serverAliveInterval: Int?
    public var serverAliveCountMax: Int?
    /// The file and line of the `Host` line that first named the alias.
    public var location: SSHConfigLocation

    public init(
        alias: String, hostname: String, port: Int = 22, user: String? = nil, identityFiles: [String] = [],
        proxyJump: [String] = [], proxyJumpHops: [SSHConfigJumpHop] = [], location: SSHConfigLocation
    ) {
        self.alias = alias
        self.hostname = hostname
        self.port = port
        self.user = user
        self.identityFiles = identityFiles
        self.proxyJump = proxyJump
        self.proxyJumpHops = proxyJumpHops
        self.location = location
    }
}
