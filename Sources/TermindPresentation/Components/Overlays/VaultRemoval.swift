/// The question before a Vault record is removed from the TUI: "Remove Host 'web'?", and when
/// the record turns out to be in use, a second one naming its users (removing it anyway
/// unbinds them, as `--force` does). A plain value owned by the workbench.
struct VaultRemoval: Equatable {
    enum Kind: Equatable {
        case host
        case identity
        case snippet
    }

    let kind: Kind
    let label: String
    /// Who uses the record, once the Vault said so: the next yes forces the removal.
    var usedBy: [String]?
    var isRemoving = false
    var problem: String?

    var kindName: String {
        switch kind {
        case .host: "Host"
        case .identity: "Identity"
        case .snippet: "Snippet"
        }
    }
}
