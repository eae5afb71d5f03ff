import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import TermindTestSupport

extension SSHDServer {
    /// The rig's Ed25519 client key (authorised for the test account) as the Vault holds keys.
    func clientKeyCredential(label: String = "rig-ed25519") throws -> Credential {
        .key(label: label, privateKey: try Self.secret(atPath: clientPrivateKeyPath), passphrase: nil,
             isEncrypted: false, algorithm: .ed25519)
    }

    /// A plan for the test account on this server; no agent unless asked.
    func plan(
        label: String? = nil, credentials: [Credential], useAgent: Bool = false, jumps: [ConnectionPlan] = [],
        keepalive: Keepalive = .standard
    ) -> ConnectionPlan {
        ConnectionPlan(
            label: label ?? "sshd-\(port)", hostname: host, port: port, username: username,
            credentials: credentials, useAgent: useAgent, jumps: jumps, keepalive: keepalive)
    }

    /// Makes a new key pair with ssh-keygen (`type`, optional passphrase) in the server's
    /// directory, authorises its public key, and returns the private key's path.
    func makeAuthorizedKey(type: String, bits: Int? = nil, passphrase: String = "", name: String) throws -> String {
        let path = directory.path + "/" + name
        var arguments = ["-q", "-t", type, "-N", passphrase, "-C", name, "-f", path]
        if let bits { arguments += ["-b", String(bits)] }
        if !passphrase.isEmpty { arguments += ["-a", "4"] }
        let made = try ChildProcess.run("ssh-keygen", arguments)
        guard made.status == 0 else { throw TestRigError("ssh-keygen \(arguments) failed: \(made.stderr)") }
        let line = try String(contentsOfFile: path + ".pub", encoding: .utf8)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: authorizedKeysPath))
        handle.seekToEndOfFile()
        handle.write(Data(line.utf8))
        try handle.close()
        return path
    }

    /// A file's bytes as a `Secret`.
    static func secret(atPath path: String) throws -> Secret {
        guard let data = FileManager.default.contents(atPath: path) else { throw TestRigError("cannot read \(path)") }
        return Secret(bytes: Array(data))
    }
}

/// A context for one test connection: the presenter behind a fresh queue, the verifier, and
/// short timeouts so a failure shows quickly.
func connectionContext(
    presenter: any InteractionPresenter = ScriptedPresenter.refusing(), trust: any HostKeyVerifier = AcceptingVerifier(),
    generation: AttemptGeneration = .next(), connectTimeout: Duration = .seconds(5), ioTimeout: Duration = .seconds(15)
) -> ConnectionContext {
    ConnectionContext(
        interactions: InteractionQueue(presenter: presenter), trust: trust, generation: generation,
        connectTimeout: connectTimeout, ioTimeout: ioTimeout)
}
