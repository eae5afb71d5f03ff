import Foundation
import TermindDomain

/// A Key as `list` and `show` print it: public facts only, never the private key.
struct KeyView: Encodable {
    let label: String
    let type: String
    let bits: Int
    let fingerprint: String
    let publicKey: String
    let comment: String
    let encrypted: Bool
    let passphraseStored: Bool
    let usedBy: [String]
    let createdAt: Date

    init(_ key: SSHKey, in snapshot: VaultSnapshot) {
        label = key.label.rawValue
        type = key.algorithm.rawValue
        bits = key.bits
        fingerprint = key.fingerprint.description
        publicKey = key.publicKeyLine
        comment = key.comment
        encrypted = key.isEncrypted
        passphraseStored = key.passphraseSecretID != nil
        usedBy = snapshot.identitiesUsing(keyID: key.id)
        createdAt = key.createdAt
    }
}
