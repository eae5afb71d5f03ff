import Foundation
import TermindApplication
import TermindDomain
import XCTest

/// A key made by OpenSSH's `ssh-keygen` for the import use-case tests (in a temporary directory
/// removed at once; nothing is committed), with the facts a codec would read from it.
struct ImportTestKey {
    let privateKey: [UInt8]
    let publicLine: String
    let info: PrivateKeyInfo
    let passphrase: String?

    var publicBlob: [UInt8] { info.publicKeyBlob }
    /// The second line of the file: a piece of the private key's base64 text.
    var privateText: String { String(decoding: privateKey, as: UTF8.self).split(separator: "\n")[1].description }

    static func generate(
        _ type: String = "ed25519", passphrase: String? = nil, pem: Bool = false, comment: String = "me@laptop"
    ) throws -> ImportTestKey {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termind-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("key").path
        var arguments = ["-q", "-t", type, "-N", passphrase ?? "", "-C", comment, "-f", path]
        if pem { arguments += ["-m", "PEM"] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "ssh-keygen \(arguments.joined(separator: " "))")
        let publicLine = try String(contentsOfFile: path + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let fields = publicLine.split(separator: " ")
        let blob = Array(Data(base64Encoded: String(fields[1]))!)
        let algorithm = KeyAlgorithm(rawValue: String(fields[0]))!
        let info = PrivateKeyInfo(
            format: pem ? .pem : .openSSH, algorithm: algorithm, bits: algorithm == .rsa ? 2048 : 256, publicKeyBlob: blob,
            comment: comment, isEncrypted: passphrase != nil, passphraseVerified: false)
        return ImportTestKey(
            privateKey: Array(try Data(contentsOf: URL(fileURLWithPath: path))), publicLine: publicLine, info: info,
            passphrase: passphrase)
    }
}
