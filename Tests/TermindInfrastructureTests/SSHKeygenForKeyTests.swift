import Foundation
import TermindDomain
import TermindTestSupport
import XCTest

/// Makes keys with the installed `ssh-keygen` and `openssl` in a temporary directory, and asks
/// those tools what they see in a key file, so the key tests compare Termind with the real tools.
final class SSHKeygen {
    /// What `ssh-keygen -l` prints: `256 SHA256:... comment (ED25519)`.
    struct Listing: Equatable {
        let bits: Int
        let fingerprint: String
        let typeName: String
    }

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "termind-keys")
    }

    /// `ssh-keygen -t TYPE [-b BITS] -N PASSPHRASE -C COMMENT [-m FORMAT] [-Z CIPHER] -a 4`, returning the path.
    /// Four KDF rounds instead of sixteen keep the tests quick; the file format is the same.
    @discardableResult
    func generate(
        _ type: String, bits: Int? = nil, passphrase: String = "", comment: String = "test@termind",
        format: String? = nil, cipher: String? = nil, name: String
    ) throws -> String {
        let path = directory.appending(name).path
        var arguments = ["-q", "-t", type, "-N", passphrase, "-C", comment, "-f", path, "-a", "4"]
        if let bits { arguments += ["-b", "\(bits)"] }
        if let format { arguments += ["-m", format] }
        if let cipher { arguments += ["-Z", cipher] }
        try run("ssh-keygen", arguments)
        try? FileManager.default.removeItem(atPath: path + ".pub")
        return path
    }

    /// Runs `openssl` with `arguments` (paths relative to the directory).
    func openssl(_ arguments: [String]) throws {
        try run("openssl", arguments, in: directory.path)
    }

    /// `ssh-keygen -y -f PATH [-P PASSPHRASE]`: the public key line, comment included when the
    /// file carries one.
    func publicLine(_ path: String, passphrase: String? = nil) throws -> String {
        var arguments = ["-y", "-f", path]
        if let passphrase { arguments += ["-P", passphrase] }
        return try run("ssh-keygen", arguments).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `ssh-keygen -l -f PATH`.
    func listing(_ path: String) throws -> Listing {
        let output = try run("ssh-keygen", ["-l", "-f", path]).trimmingCharacters(in: .whitespacesAndNewlines)
        let fields = output.split(separator: " ")
        guard fields.count >= 3, let bits = Int(fields[0]), let last = fields.last else {
            throw TestRigError("unexpected ssh-keygen -l output: \(output)")
        }
        return Listing(bits: bits, fingerprint: String(fields[1]), typeName: String(last.dropFirst().dropLast()))
    }

    /// The `ssh-keygen -l` listing of a public key line (written to a file first).
    func listing(ofLine line: String) throws -> Listing {
        let path = try directory.write(line + "\n", to: "listing-\(UUID().uuidString).pub")
        return try listing(path)
    }

    /// A file's bytes as the Secret the codec takes.
    func secret(_ path: String) throws -> Secret {
        Secret(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Writes private key text with mode 0600, as ssh-keygen insists, and returns the path.
    func write(_ privateKey: Secret, to name: String) throws -> String {
        try directory.write(privateKey.revealed, to: name, mode: 0o600)
    }

    /// The text of a file.
    func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The blob and the comment of a public key line.
    static func parts(ofLine line: String) -> (blob: [UInt8], comment: String) {
        let fields = line.split(separator: " ", maxSplits: 2)
        let blob = fields.count > 1 ? Array(Data(base64Encoded: String(fields[1])) ?? Data()) : []
        return (blob, fields.count > 2 ? String(fields[2]) : "")
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String], in directory: String? = nil) throws -> String {
        let output = try ChildProcess.run(tool, arguments, currentDirectory: directory)
        guard output.status == 0 else {
            throw TestRigError("\(tool) \(arguments.joined(separator: " ")) exited \(output.status): \(output.stderr)")
        }
        return output.stdout
    }
}
