import Foundation

/// The Host a `ProxyJump` hop names: one in the Vault already, or one of the preview's hosts
/// (which becomes a hop only if it is imported too, or already in the Vault).
public enum ImportHopTarget: Sendable, Hashable {
    case vault(UUID)
    /// A host item, by its `index`.
    case item(Int)
}
