import TermindCrypto
import TermindDomain
import TermindInfrastructure

/// A file from `~/.ssh` as the import reads it: classified, read line by line as public key
/// lines, and inspected as a private key (OpenSSH or PEM) without a passphrase, so no
/// bcrypt rounds a file asks for are spent. A key that reads must name its own public half.
enum PrivateKeyFuzzing {
    static let target = FuzzTarget("private-key", "a key file (OpenSSH, PEM, .pub, authorized_keys)") { input throws(FuzzFinding) in
        _ = SSHFileClassifier.classify(input)
        for line in FuzzInput.text(input).split(separator: "\n").prefix(64) {
            if let key = PublicKeyLine(line) {
                try FuzzFinding.require(!key.keyType.isEmpty, "a public key line read with an empty key type: \(line)")
            }
        }
        guard let info = try? OpenSSLPrivateKeyCodec().inspect(Secret(bytes: input), passphrase: nil) else { return }
        let publicKey: SSHPublicKey
        do {
            publicKey = try SSHPublicKey(blob: info.publicKeyBlob)
        } catch {
            throw FuzzFinding("a private key read, but its public key blob does not: \(error)")
        }
        try FuzzFinding.require(
            publicKey.type.rawValue == info.algorithm.rawValue,
            "the key reads as \(info.algorithm.rawValue), its public blob as \(publicKey.type.rawValue)")
    }
}
