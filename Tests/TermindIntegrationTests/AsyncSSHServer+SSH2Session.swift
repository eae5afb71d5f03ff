import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport

extension AsyncSSHServer {
    /// A session to this server with the handshake done, not yet authenticated.
    func connectSession() throws -> SSH2Session {
        let session = try SSH2Session(host: host, port: port, connectTimeout: .seconds(5), ioTimeout: .seconds(10))
        try session.handshake()
        return session
    }

    /// A session logged in with `password` (the scenarios' usual `alice`/`pw`).
    func authenticatedSession(username: String = "alice", password: String = "pw") throws -> SSH2Session {
        let session = try connectSession()
        try session.authenticate(username: username, password: Secret(password))
        return session
    }
}
