import Foundation
import TermindDomain
import TermindInfrastructure
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Keys Termind generates and imports authenticate against a real OpenSSH sshd through
/// libssh2: the Vault's key files are usable, not only well-formed.
final class VaultKeyAuthenticationTests: XCTestCase {
    private let codec = OpenSSLPrivateKeyCodec()

    /// Writes `privateKey` as a 0600 file and authorizes `publicKeyLine` on `server`.
    private func install(_ privateKey: Secret, publicKeyLine: String, on server: SSHDServer, name: String) throws -> String {
        let path = server.directory.appending(name).path
        try privateKey.withBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
        chmod(path, 0o600)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: server.authorizedKeysPath))
        handle.seekToEndOfFile()
        handle.write(Data((publicKeyLine + "\n").utf8))
        try handle.close()
        return path
    }

    func testGeneratedKeysOfEveryTypeAuthenticateWithSSHD() throws {
        let server = try startSSHD()
        for algorithm in [KeyAlgorithm.ed25519, .ecdsaP256, .ecdsaP384, .ecdsaP521] {
            let (privateKey, info) = try codec.generate(algorithm, comment: "vault-\(algorithm.rawValue)")
            let line = "\(algorithm.rawValue) \(Data(info.publicKeyBlob).base64EncodedString())"
            let path = try install(privateKey, publicKeyLine: line, on: server, name: "generated-\(algorithm.rawValue)")
            let session = try server.connectSession()
            try session.authenticate(username: server.username, privateKeyFile: path, publicKeyFile: nil, passphrase: nil)
            XCTAssertTrue(session.isAuthenticated, "\(algorithm) did not authenticate")
            XCTAssertTrue(server.waitForLog(containing: KeyFingerprint(blob: info.publicKeyBlob).description))
        }
    }

    func testEncryptedKeyImportedWithItsPassphraseAuthenticatesWithThatPassphrase() throws {
        let server = try startSSHD()
        let path = server.directory.appending("id_locked").path
        let made = try ChildProcess.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "vault test", "-a", "4", "-f", path])
        XCTAssertEqual(made.status, 0, made.stderr)
        let keyText = Secret(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let info = try codec.inspect(keyText, passphrase: Secret("vault test"))
        XCTAssertTrue(info.isEncrypted && info.passphraseVerified)
        _ = try install(keyText, publicKeyLine: try String(contentsOfFile: path + ".pub", encoding: .utf8), on: server, name: "id_locked")
        let session = try server.connectSession()
        try session.authenticate(username: server.username, privateKeyFile: path, publicKeyFile: nil, passphrase: Secret("vault test"))
        XCTAssertTrue(session.isAuthenticated)
    }
}
