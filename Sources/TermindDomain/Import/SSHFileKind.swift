/// What a file in `~/.ssh` holds, told by its content (never its name): the import reads config,
/// private keys and known_hosts, pairs public keys with their private keys, and lists the rest
/// with the reason it is not imported.
public enum SSHFileKind: Sendable, Equatable {
    /// An ssh_config file (`Host`, `HostName`, `IdentityFile`... lines).
    case sshConfig
    /// A private key whose header could be read.
    case privateKey(PrivateKeyFormat, encrypted: Bool)
    /// A private key block that cannot be used (damaged, truncated, an unsupported cipher or
    /// type); listed with `reason` so the person knows it was seen.
    case unreadablePrivateKey(PrivateKeyFormat, reason: String)
    /// One public key line (`ssh-ed25519 AAAA... comment`), as in a `.pub` file.
    case publicKey
    /// known_hosts lines; `hashed` when any host field is `|1|salt|hash`.
    case knownHosts(hashed: Bool)
    /// Several key lines, or key lines with options (`from=`, `command=`...): who may log in to
    /// this machine. Listed, never imported.
    case authorizedKeys
    /// Anything else, with what it looked like.
    case other(reason: String)

    /// The kind as a person reads it in the preview.
    public var name: String {
        switch self {
        case .sshConfig: "ssh config"
        case .privateKey(let format, let encrypted):
            "\(format == .openSSH ? "OpenSSH" : "PEM") private key\(encrypted ? " (encrypted)" : "")"
        case .unreadablePrivateKey(let format, _): "unreadable \(format == .openSSH ? "OpenSSH" : "PEM") private key"
        case .publicKey: "public key"
        case .knownHosts(let hashed): hashed ? "known_hosts (hashed)" : "known_hosts"
        case .authorizedKeys: "authorized_keys"
        case .other: "other"
        }
    }
}
