import TermindApplication
import TermindDomain

/// What a control socket's server says first to each client: which connection it holds (the
/// target's user, hostname and port as it planned them) and the host key that connection was
/// made with, so the client checks both as a fresh connection would. The server's SSH
/// identification string rides along for SFTP's SYMLINK order.
public struct ControlIdentity: Sendable, Equatable {
    public let username: String
    public let hostname: String
    public let port: Int
    public let hostKey: HostKey
    public let serverBanner: String?

    public init(username: String, hostname: String, port: Int, hostKey: HostKey, serverBanner: String?) {
        self.username = username
        self.hostname = hostname
        self.port = port
        self.hostKey = hostKey
        self.serverBanner = serverBanner
    }

    var frame: ControlFrame {
        var writer = ControlFieldWriter()
        writer.byte(1)  // protocol version
        writer.string(username)
        writer.string(hostname)
        writer.uint32(UInt32(clamping: port))
        writer.string(hostKey.algorithm)
        writer.string(hostKey.blob)
        writer.string(serverBanner ?? "")
        return ControlFrame(.identity, writer.bytes)
    }

    init(_ frame: ControlFrame) throws(ControlProtocolError) {
        guard frame.kind == .identity else { throw ControlProtocolError("expected the server's identity, got \(frame.kind)") }
        var reader = ControlFieldReader(frame.payload, frame: "identity")
        let version = try reader.byte("version")
        guard version == 1 else { throw ControlProtocolError("the server speaks control protocol \(version); this termind speaks 1") }
        username = try reader.string("user")
        hostname = try reader.string("hostname")
        port = Int(try reader.uint32("port"))
        let algorithm = try reader.string("key type")
        let blob = try reader.bytes("key")
        hostKey = HostKey(algorithm: algorithm, blob: blob, fingerprint: KeyFingerprint(blob: blob))
        let banner = try reader.string("banner")
        serverBanner = banner.isEmpty ? nil : banner
        try reader.end()
    }
}

extension ControlIdentity {
    /// What a server for `connection`, opened by `plan`, says of itself; nil when the
    /// connection knows no host key (then it is not shared).
    public static func of(_ connection: any SSHConnection, plan: ConnectionPlan) async -> ControlIdentity? {
        guard let key = connection.hostKey else { return nil }
        let banner = await (connection as? LibSSH2Connection)?.serverBanner()
        return ControlIdentity(username: plan.username, hostname: plan.hostname, port: plan.port, hostKey: key, serverBanner: banner)
    }
}
