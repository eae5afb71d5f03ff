import TermindDomain

/// The Vault as the workbench last read it: the Hosts (and their search), the Templates and the
/// Identities, and the Recent Workspaces. Read again after every write and when another
/// process writes (`Workbench+LiveVault`). A value on the TUI's main actor.
struct WorkbenchVault {
    var hosts: [Host] = [] {
        didSet { hostSearch = HostSearch(hosts) }
    }
    /// The Hosts as the Navigator and Quick Open search them, prepared when they load.
    private(set) var hostSearch = HostSearch([])
    var recent: [Workspace] = []
    /// Sorted by label.
    var templates: [Template] = []
    /// Sorted by label (the Navigator lists them).
    var identities: [Identity] = []
    /// Polls the Vault for other processes' writes (`Workbench+LiveVault`).
    var watch: Task<Void, Never>?

    /// Every tag of a Host, sorted (the broadcast prompt offers them).
    var hostTags: [String] { Array(Set(hosts.flatMap(\.tags))).sorted() }
}
