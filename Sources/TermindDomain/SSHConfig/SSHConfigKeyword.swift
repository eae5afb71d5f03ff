/// The keywords the OpenSSH 9.2 client on Debian 12 accepts: readconf.c's table (built with
/// GSSAPI and PKCS#11) plus Debian's GSSAPI key-exchange and keep-alive patches. Anything else is
/// rejected by OpenSSH ("Bad configuration option") unless `IgnoreUnknown` names it.
struct SSHConfigKeyword: Sendable, Equatable {
    enum Status: Sendable, Equatable {
        case supported
        /// Accepted and ignored silently (`Protocol`) or with a debug message.
        case deprecated
        /// Accepted with an error message and ignored (options of SSH protocol 1 and Kerberos 4).
        case unsupported
    }

    /// The canonical spelling, used in notes.
    let name: String
    let status: Status

    /// The keyword for a name in any case, or nil when OpenSSH does not know it.
    static func named(_ name: String) -> SSHConfigKeyword? {
        table[SSHConfigPattern.lowercasedASCII(name)]
    }

    private static let supported = [
        "AddKeysToAgent", "AddressFamily", "BatchMode", "BindAddress", "BindInterface", "CanonicalDomains",
        "CanonicalizeFallbackLocal", "CanonicalizeHostname", "CanonicalizeMaxDots", "CanonicalizePermittedCNAMEs",
        "CASignatureAlgorithms", "CertificateFile", "ChallengeResponseAuthentication", "CheckHostIP", "Ciphers",
        "ClearAllForwardings", "Compression", "ConnectionAttempts", "ConnectTimeout", "ControlMaster",
        "ControlPath", "ControlPersist", "DSAAuthentication", "DynamicForward", "EnableEscapeCommandline",
        "EnableSSHKeysign", "EscapeChar", "ExitOnForwardFailure", "FingerprintHash", "ForkAfterAuthentication",
        "ForwardAgent", "ForwardX11", "ForwardX11Timeout", "ForwardX11Trusted", "GatewayPorts",
        "GlobalKnownHostsFile", "GSSAPIAuthentication", "GSSAPIClientIdentity", "GSSAPIDelegateCredentials",
        "GSSAPIKexAlgorithms", "GSSAPIKeyExchange", "GSSAPIRenewalForcesRekey", "GSSAPIServerIdentity",
        "GSSAPITrustDns", "HashKnownHosts", "Host", "HostbasedAcceptedAlgorithms", "HostbasedAuthentication",
        "HostbasedKeyTypes", "HostKeyAlgorithms", "HostKeyAlias", "HostName", "IdentitiesOnly", "IdentityAgent",
        "IdentityFile", "IdentityFile2", "IgnoreUnknown", "Include", "IPQoS", "KbdInteractiveAuthentication",
        "KbdInteractiveDevices", "KeepAlive", "KexAlgorithms", "KnownHostsCommand", "LocalCommand",
        "LocalForward", "LogLevel", "LogVerbose", "MACs", "Match", "NoHostAuthenticationForLocalhost",
        "NumberOfPasswordPrompts", "PasswordAuthentication", "PermitLocalCommand", "PermitRemoteOpen",
        "PKCS11Provider", "Port", "PreferredAuthentications", "ProtocolKeepAlives", "ProxyCommand", "ProxyJump",
        "ProxyUseFdpass", "PubkeyAcceptedAlgorithms", "PubkeyAcceptedKeyTypes", "PubkeyAuthentication",
        "RekeyLimit", "RemoteCommand", "RemoteForward", "RequestTTY", "RequiredRSASize", "RevokedHostKeys",
        "SecurityKeyProvider", "SendEnv", "ServerAliveCountMax", "ServerAliveInterval", "SessionType", "SetEnv",
        "SetupTimeOut", "SKeyAuthentication", "SmartcardDevice", "StdinNull", "StreamLocalBindMask",
        "StreamLocalBindUnlink", "StrictHostKeyChecking", "SyslogFacility", "TCPKeepAlive",
        "TISAuthentication", "Tunnel", "TunnelDevice", "UpdateHostKeys", "User", "UserKnownHostsFile",
        "VerifyHostKeyDNS", "VisualHostKey", "XAuthLocation",
    ]
    private static let deprecated = [
        "Protocol", "Cipher", "FallBackToRsh", "GlobalKnownHostsFile2", "RhostsAuthentication",
        "UserKnownHostsFile2", "UseRoaming", "UseRsh", "UsePrivilegedPort", "UseBlacklistedKeys",
    ]
    private static let unsupported = [
        "AFSTokenPassing", "KerberosAuthentication", "KerberosTGTPassing", "RSAAuthentication",
        "RhostsRSAAuthentication", "CompressionLevel",
    ]

    private static let table: [String: SSHConfigKeyword] = {
        var table: [String: SSHConfigKeyword] = [:]
        for (names, status) in [(supported, Status.supported), (deprecated, .deprecated), (unsupported, .unsupported)] {
            for name in names { table[SSHConfigPattern.lowercasedASCII(name)] = SSHConfigKeyword(name: name, status: status) }
        }
        return table
    }()

    /// Every keyword OpenSSH accepts, lowercased (for the tests that ask ssh itself).
    static var allNames: [String] { table.keys.sorted() }
}
