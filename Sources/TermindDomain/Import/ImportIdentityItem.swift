import Foundation

/// An Identity the import proposes: a config `User` paired with an `IdentityFile` that is a key
/// in the folder. It can be imported only with its Key (selected, or already in the Vault).
public struct ImportIdentityItem: Sendable, Equatable {
    public internal(set) var index: Int = 0
    /// `user-keylabel`, e.g. `git-id_ed25519`.
    public let label: String
    public let username: String
    /// The key item (its `index`) this Identity uses.
    public let keyIndex: Int
    public internal(set) var status: ImportStatus
    /// The Vault's Identity when `status` is `.existing`: same username, same key.
    public internal(set) var existingIdentityID: UUID?

    init(label: String, username: String, keyIndex: Int) {
        self.label = label
        self.username = username
        self.keyIndex = keyIndex
        status = .new
    }
}
