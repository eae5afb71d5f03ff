import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport

extension AsyncSSHServer {
    /// A connection through `LibSSH2Connector` (the production path: a worker and its loop)
    /// logged in with `password` (the scenarios' usual `alice`/`pw`).
    func connect(username: String = "alice", password: String = "pw", keepalive: Keepalive = .standard) async throws -> any SSHConnection {
        let plan = ConnectionPlan(label: "asyncssh-\(port)", hostname: host, port: port, username: username,
                                  credentials: [.password(Secret(password))], useAgent: false, keepalive: keepalive)
        return try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext(ioTimeout: .seconds(10)))
    }
}
