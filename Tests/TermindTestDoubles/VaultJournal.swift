import Foundation
import TermindDomain

/// What the in-memory Vault adapters were asked to do, in the order it happened, shared by the
/// store and the secret store so a test can prove that a secret was sealed before the record
/// naming it was saved, and removed only after.
///
/// Appended to synchronously under a lock (not an actor) so an entry's place in the order is
/// the moment the adapter acted, with no suspension point in between.
public final class VaultJournal: @unchecked Sendable {
    public enum Entry: Equatable, CustomStringConvertible {
        case sealed(UUID)
        case removedSecrets([UUID])
        /// A batch of changes the store committed.
        case applied([VaultChange])
        /// A batch of changes the store refused; nothing of it was written.
        case refused([VaultChange])

        public var description: String {
            switch self {
            case .sealed: "sealed"
            case .removedSecrets(let ids): "removedSecrets(\(ids.count))"
            case .applied(let changes): "applied(\(changes.count))"
            case .refused(let changes): "refused(\(changes.count))"
            }
        }
    }

    private let lock = NSLock()
    private var recorded: [Entry] = []
    private var shelf: [UUID: Secret] = [:]

    public init() {}

    public var entries: [Entry] { lock.withLock { recorded } }

    public func append(_ entry: Entry) { lock.withLock { recorded.append(entry) } }

    /// The secrets stored: kept here, shared, because the store stores (with
    /// `VaultChange.storeSecret`) what the secret store sealed.
    public var storedSecrets: [UUID: Secret] { lock.withLock { shelf } }

    public func setSecret(_ secret: Secret?, for id: UUID) { lock.withLock { shelf[id] = secret } }
}

extension VaultChange {
    /// The change that stores `secret` under `id` as the in-memory secret store seals it (in
    /// the clear), for comparing journal entries.
    public static func stored(_ id: UUID, _ secret: Secret) -> VaultChange {
        .storeSecret(SealedSecret(id: id, blob: secret.withBytes { Array($0) }, keyStamp: []))
    }
}
