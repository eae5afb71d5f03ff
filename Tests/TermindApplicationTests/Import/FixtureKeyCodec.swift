import Foundation
import TermindApplication
import TermindDomain

/// A `PrivateKeyCodec` that knows the test keys by the SHA-256 of their files and answers as
/// the real codec does: an encrypted OpenSSH key shows its public half without a passphrase (no
/// comment), an encrypted PEM key nothing; a wrong passphrase is `wrongPassphrase`.
final class FixtureKeyCodec: PrivateKeyCodec, @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [FileDigest: ImportTestKey] = [:]

    func learn(_ key: ImportTestKey) { lock.withLock { keys[FileDigest(of: key.privateKey)] = key } }

    func inspect(_ privateKey: Secret, passphrase: Secret?) throws -> PrivateKeyInfo {
        guard let key = lock.withLock({ keys[FileDigest(of: privateKey)] }) else {
            throw PrivateKeyError.notAPrivateKey(detail: "not a test key")
        }
        let info = key.info
        guard let expected = key.passphrase else { return info }
        guard let passphrase else {
            if info.format == .pem { throw PrivateKeyError.passphraseRequired }
            return PrivateKeyInfo(
                format: info.format, algorithm: info.algorithm, bits: info.bits, publicKeyBlob: info.publicKeyBlob, comment: "",
                isEncrypted: true, passphraseVerified: false)
        }
        guard passphrase.revealed == expected else { throw PrivateKeyError.wrongPassphrase }
        return PrivateKeyInfo(
            format: info.format, algorithm: info.algorithm, bits: info.bits, publicKeyBlob: info.publicKeyBlob, comment: info.comment,
            isEncrypted: true, passphraseVerified: true)
    }

    func generate(_ algorithm: KeyAlgorithm, comment: String) throws -> (privateKey: Secret, info: PrivateKeyInfo) {
        throw PrivateKeyError.unsupported(detail: "not in import tests")
    }
}

/// Passphrases answered from a list, one per ask; records how often it was asked.
final class ScriptedPassphrases: ImportPassphraseSource, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String?]
    private(set) var asked = 0

    init(_ answers: [String?]) { self.answers = answers }

    func passphrase(for key: ImportKeyItem, attempt: Int) async throws -> Secret? {
        lock.withLock {
            asked += 1
            return answers.isEmpty ? nil : answers.removeFirst().map(Secret.init)
        }
    }
}
