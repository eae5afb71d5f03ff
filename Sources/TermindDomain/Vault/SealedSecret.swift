import Foundation

/// A secret sealed under the vault key but not stored yet: `VaultChange.storeSecret` stores it
/// in the same transaction as the record that names it, so a process killed between sealing
/// and saving leaves neither behind (docs/behaviour.md §1).
public struct SealedSecret: Sendable, Equatable {
    public let id: UUID
    /// What the store writes: opaque to everything but the secret store that sealed it.
    public let blob: [UInt8]
    /// Which vault key sealed it, as the store recorded that key: the store refuses the blob
    /// if the key changed before it was stored (it would no longer open).
    public let keyStamp: [UInt8]

    public init(id: UUID, blob: [UInt8], keyStamp: [UInt8]) {
        self.id = id
        self.blob = blob
        self.keyStamp = keyStamp
    }
}
