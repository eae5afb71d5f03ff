import Foundation
import TermindApplication
import TermindDomain

/// A `SecretStore` held in memory, for use-case tests: secrets by id, every `seal` and `remove`
/// written to the shared journal so tests can check what was sealed, when, and what was left
/// behind.
public actor InMemorySecretStore: SecretStore {
    public let journal: VaultJournal

    public init(journal: VaultJournal = VaultJournal()) {
        self.journal = journal
    }

    /// The secrets currently stored, by id.
    public var stored: [UUID: Secret] { journal.storedSecrets }

    public func seal(_ secret: Secret) -> UUID {
        let id = UUID()
        journal.setSecret(secret, for: id)
        journal.append(.sealed(id))
        return id
    }

    /// "Sealed" in the clear: the in-memory store keeps the bytes as they are.
    public func sealed(_ secret: Secret) -> SealedSecret {
        let id = UUID()
        journal.append(.sealed(id))
        return SealedSecret(id: id, blob: secret.withBytes { Array($0) }, keyStamp: [])
    }

    public func unseal(_ id: UUID) throws -> Secret {
        guard let secret = journal.storedSecrets[id] else {
            throw VaultUnavailable(location: "in-memory vault", cause: .missingSecret(record: id.uuidString))
        }
        return secret
    }

    public func remove(_ ids: [UUID]) {
        for id in ids { journal.setSecret(nil, for: id) }
        journal.append(.removedSecrets(ids))
    }
}
