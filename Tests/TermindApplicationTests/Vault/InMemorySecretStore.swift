import Foundation
import TermindApplication
import TermindDomain

/// A `SecretStore` held in memory, for use-case tests: secrets by id, every `seal` and `remove`
/// written to the shared journal so tests can check what was sealed, when, and what was left
/// behind.
actor InMemorySecretStore: SecretStore {
    let journal: VaultJournal
    private var sealed: [UUID: Secret] = [:]

    init(journal: VaultJournal = VaultJournal()) {
        self.journal = journal
    }

    /// The secrets currently stored, by id.
    var stored: [UUID: Secret] { sealed }

    func seal(_ secret: Secret) -> UUID {
        let id = UUID()
        sealed[id] = secret
        journal.append(.sealed(id))
        return id
    }

    func unseal(_ id: UUID) throws -> Secret {
        guard let secret = sealed[id] else {
            throw VaultUnavailable(location: "in-memory vault", cause: .missingSecret(record: id.uuidString))
        }
        return secret
    }

    func remove(_ ids: [UUID]) {
        for id in ids { sealed[id] = nil }
        journal.append(.removedSecrets(ids))
    }
}
