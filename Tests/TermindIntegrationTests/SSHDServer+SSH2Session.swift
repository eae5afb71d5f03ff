import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport

extension SSHDServer {
    /// A session to this server with the handshake done (optionally offering only
    /// `hostKeyAlgorithms`), not yet authenticated.
    func connectSession(hostKeyAlgorithms: [String]? = nil) throws -> SSH2Session {
        let session = try SSH2Session(host: host, port: port, connectTimeout: .seconds(5), ioTimeout: .seconds(15))
        try session.handshake(hostKeyAlgorithms: hostKeyAlgorithms)
        return session
    }

    /// A session logged in as the test account with the rig's client key.
    func authenticatedSession() throws -> SSH2Session {
        let session = try connectSession()
        try session.authenticate(
            username: username, privateKeyFile: clientPrivateKeyPath, publicKeyFile: clientPublicKeyPath, passphrase: nil)
        return session
    }
}
