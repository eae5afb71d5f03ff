import Foundation
import TermindDomain
import XCTest

/// Test fixtures for the known_hosts tests: synthetic key blobs, and real keys and files made by
/// OpenSSH's `ssh-keygen` (the oracle for matching) in a temporary directory. The Domain tests do
/// not depend on TermindTestSupport, so this uses Foundation's `Process` and `FileManager` directly.
enum KnownHostsFixture {
    /// A wire-format blob that names `type` followed by `seed`-derived bytes: enough for the
    /// parser and matcher, which only read the name and compare bytes.
    static func blob(_ type: String, seed: UInt8) -> [UInt8] {
        let name = Array(type.utf8)
        return [0, 0, 0, UInt8(name.count)] + name + [0, 0, 0, 32] + Array(repeating: seed, count: 32)
    }

    /// A known_hosts line for a synthetic key.
    static func line(_ pattern: String, _ type: String, seed: UInt8, marker: String = "", comment: String = "")
        -> String
    {
        let key = Data(blob(type, seed: seed)).base64EncodedString()
        return [marker, pattern, type, key, comment].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A fresh directory under the system temporary directory; the caller removes it.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("termind-known-hosts-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The `ssh-keygen` binary; without OpenSSH the test fails (it is the oracle).
    static func sshKeygen() throws -> URL {
        for path in ["/usr/bin/ssh-keygen", "/usr/local/bin/ssh-keygen"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [
            NSLocalizedDescriptionKey: "ssh-keygen is not installed; run `make test`, which installs openssh-client",
        ])
    }

    /// Runs `ssh-keygen` with `arguments`; returns its exit status and standard output.
    @discardableResult
    static func runSSHKeygen(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try sshKeygen()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Generates a host key of `type` (`ed25519`, `ecdsa`, `rsa`...) in `directory`; returns the
    /// `keytype base64` part of its public key line.
    static func generateKey(type: String, bits: Int? = nil, named name: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        var arguments = ["-q", "-t", type, "-N", "", "-C", "", "-f", path]
        if let bits { arguments += ["-b", String(bits)] }
        let result = try runSSHKeygen(arguments)
        XCTAssertEqual(result.status, 0, "ssh-keygen -t \(type) failed")
        let publicLine = try String(contentsOfFile: path + ".pub", encoding: .utf8)
        return publicLine.split(separator: " ").prefix(2).joined(separator: " ")
    }

    /// The lines `ssh-keygen -F name -f file` prints for the records matching `name` (its
    /// `# Host ... found` headers left out), trimmed.
    static func sshKeygenFind(_ name: String, file: URL) throws -> [String] {
        let result = try runSSHKeygen(["-F", name, "-f", file.path])
        return result.output.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
