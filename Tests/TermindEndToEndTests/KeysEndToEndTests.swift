import Foundation
import TermindTestSupport
import XCTest

/// `termind keys` against keys made by OpenSSH's own ssh-keygen.
final class KeysEndToEndTests: XCTestCase {
    private func sshKeygen(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run("ssh-keygen", arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// The `SHA256:...` field of `ssh-keygen -lf`.
    private func fingerprint(ofKeyFile path: String) throws -> String {
        try sshKeygen(["-lf", path]).split(separator: " ")[1].description
    }

    func testImportedKeyShowsTheFingerprintSSHKeygenPrints() throws {
        let home = try VaultHome()
        for type in ["ed25519", "ecdsa"] {
            let file = home.path + "/id_\(type)"
            try sshKeygen(["-q", "-t", type, "-N", "", "-C", "me@laptop", "-f", file])
            try home.succeed(["keys", "import", "k-\(type)", "--file", file])
            let shown = try XCTUnwrap(try home.json(["keys", "show", "k-\(type)"]) as? [String: Any])
            XCTAssertEqual(shown["fingerprint"] as? String, try fingerprint(ofKeyFile: file))
            let publicLine = try String(contentsOfFile: file + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(try home.succeed(["keys", "export-public", "k-\(type)"]), publicLine + "\n")
        }
    }

    func testGeneratedKeyIsAnOpenSSHKeyWhoseFingerprintMatches() throws {
        let home = try VaultHome()
        let publicLine = try home.succeed(["keys", "generate", "fresh"])
        XCTAssertTrue(publicLine.hasPrefix("ssh-ed25519 AAAA"), publicLine)
        let file = home.path + "/fresh.pub"
        try publicLine.write(toFile: file, atomically: true, encoding: .utf8)
        let shown = try XCTUnwrap(try home.json(["keys", "show", "fresh"]) as? [String: Any])
        XCTAssertEqual(shown["fingerprint"] as? String, try fingerprint(ofKeyFile: file))
        XCTAssertEqual(shown["type"] as? String, "ssh-ed25519")
        let ecdsa = try home.succeed(["keys", "generate", "fresh-ec", "--type", "ecdsa"])
        XCTAssertTrue(ecdsa.hasPrefix("ecdsa-sha2-nistp256 "), ecdsa)
    }

    func testEncryptedKeyImportsWithItsPassphraseAndAWrongOneIsRefused() throws {
        let home = try VaultHome()
        let file = home.path + "/id_locked"
        try sshKeygen(["-q", "-t", "ed25519", "-N", "open sesame", "-f", file])
        let wrong = try home.run(["keys", "import", "locked", "--file", file, "--passphrase-stdin"], stdin: "close sesame")
        XCTAssertEqual(wrong.status, 1, wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("passphrase does not decrypt"), wrong.stderr)
        try home.succeed(["keys", "import", "locked", "--file", file, "--passphrase-stdin", "--store-passphrase"], stdin: "open sesame")
        let shown = try XCTUnwrap(try home.json(["keys", "show", "locked"]) as? [String: Any])
        XCTAssertEqual(shown["encrypted"] as? Bool, true)
        XCTAssertEqual(shown["passphraseStored"] as? Bool, true)
        XCTAssertEqual(shown["fingerprint"] as? String, try fingerprint(ofKeyFile: file))
        for (name, bytes) in try home.allStoredBytes() {
            XCTAssertNil(bytes.range(of: Data("open sesame".utf8)), "the passphrase is readable in \(name)")
        }
    }

    func testPrivateKeyTextIsSealedNotStored() throws {
        let home = try VaultHome()
        let file = home.path + "/id_plain"
        try sshKeygen(["-q", "-t", "ed25519", "-N", "", "-f", file])
        try home.succeed(["keys", "import", "plain", "--file", file])
        let body = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")[1]  // a line of the key's base64
        for (name, bytes) in try home.allStoredBytes() where name.contains("termind") {
            XCTAssertNil(bytes.range(of: Data(body.utf8)), "private key text is readable in \(name)")
        }
    }

    func testRSAKeyImportWarnsAboutSHA1Signatures() throws {
        let home = try VaultHome()
        let file = home.path + "/id_rsa"
        try sshKeygen(["-q", "-t", "rsa", "-b", "2048", "-N", "", "-f", file])
        let result = try home.run(["keys", "import", "old", "--file", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: RSA keys sign with ssh-rsa (SHA-1)"), result.stderr)
    }

    func testKeyUsedByAnIdentityIsRemovedOnlyWithForce() throws {
        let home = try VaultHome()
        try home.succeed(["keys", "generate", "k"])
        try home.succeed(["identities", "add", "deploy", "--user", "deploy", "--key", "k"])
        let refused = try home.run(["keys", "rm", "k"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("used by Identity 'deploy'"), refused.stderr)
        try home.succeed(["keys", "rm", "k", "--force"])
        XCTAssertNil((try home.json(["identities", "show", "deploy"]) as? [String: Any])?["key"] as? String)
    }
}
