import Foundation
import TermindDomain
import XCTest

/// Keys made by OpenSSH's own `ssh-keygen` for the import tests, in a temporary directory that
/// is removed at once: the private key file's bytes and its public key line. Nothing is kept on
/// disk, and no private key is committed to the repository.
enum ImportKeyFixture {
    struct Key {
        let privateKey: [UInt8]
        let publicLine: String

        var publicBlob: [UInt8] { Array(Data(base64Encoded: String(publicLine.split(separator: " ")[1]))!) }
    }

    /// - Parameters:
    ///   - type: `ed25519`, `ecdsa`, `rsa`.
    ///   - format: nil for OpenSSH's own format, `PEM` or `PKCS8`.
    static func generate(_ type: String, passphrase: String = "", format: String? = nil, comment: String = "me@laptop") throws -> Key {
        let directory = try KnownHostsFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("key").path
        var arguments = ["-q", "-t", type, "-N", passphrase, "-C", comment, "-f", path]
        if type == "rsa" { arguments += ["-b", "2048"] }
        if let format { arguments += ["-m", format] }
        let result = try KnownHostsFixture.runSSHKeygen(arguments)
        XCTAssertEqual(result.status, 0, "ssh-keygen \(arguments.joined(separator: " ")) failed")
        let privateKey = try Data(contentsOf: URL(fileURLWithPath: path))
        let publicLine = try String(contentsOfFile: path + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return Key(privateKey: Array(privateKey), publicLine: publicLine)
    }
}
