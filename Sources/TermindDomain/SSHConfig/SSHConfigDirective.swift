/// What one line of an ssh_config means to the reader. Only the keywords that decide what is
/// imported (or which blocks apply) keep their value; every other known keyword is `.other`.
enum SSHConfigDirective: Sendable, Equatable {
    /// Patterns of a `Host` line, up to an empty one (which OpenSSH rejects).
    case host([String])
    case match(SSHConfigMatchCondition)
    /// A `Host` or `Match` line that could not be read: its block never applies.
    case blockThatNeverMatches
    /// The patterns of an `Include` line; the files they reached are in the statement.
    case include([String])
    case hostName(String)
    case port(Int)
    case user(String)
    case identityFile(String)
    case proxyJump(SSHConfigProxyJump)
    case proxyCommand(String)
    /// `LocalForward`, `RemoteForward`, `DynamicForward` over TCP (a Unix socket's is not
    /// imported); they add up.
    case forward(ForwardRule)
    case hostKeyAlias(String)
    /// `ServerAliveInterval` in seconds (`none` is 0: no keepalives) and `ServerAliveCountMax`.
    case serverAliveInterval(Int)
    case serverAliveCountMax(Int)
    /// 0 no, 1 yes, 2 always.
    case canonicalizeHostname(Int)
    case ignoreUnknown(String)
    /// A value ssh expands (`~`, `%` tokens, `${VAR}` when `environment`) before `ssh -G` prints
    /// anything, and stops on when it cannot: ControlPath, IdentityAgent, RemoteCommand,
    /// UserKnownHostsFile, a ForwardAgent socket, the socket paths of a forwarding. Not imported,
    /// only checked: a name it fails for is refused. `setting` is the value it sets (first wins),
    /// nil for forwardings, which add up.
    case expandedAtStart(setting: String?, values: [String], environment: Bool)
    /// A known keyword whose value does not matter here.
    case other
    /// A keyword OpenSSH does not know (lowercased), acceptable only through `IgnoreUnknown`.
    case unknown(String)
    /// A malformed line, already reported; ignored.
    case invalid
}
