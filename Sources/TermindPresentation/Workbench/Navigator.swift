import TermindDomain

/// The sidebar on the left: the Vault's Hosts (filtered as the person types), the open
/// Workspaces and the Recent Workspaces of the last run. It can be hidden; when it has focus,
/// typing filters the Hosts and Enter opens the selected entry.
/// A plain value owned by the workbench; the lists themselves come from the workbench.
struct Navigator {
    /// One line of the sidebar.
    enum Entry: Equatable {
        case heading(String)
        case host(Host)
        case workspace(index: Int, name: String)
        case recent(index: Int, name: String)
        /// A line of explanation (an empty section).
        case note(String)

        var isSelectable: Bool {
            switch self {
            case .host, .workspace, .recent: true
            case .heading, .note: false
            }
        }
    }

    static let width = 30

    var isVisible = true
    var filter = ""
    /// Index into the selectable entries.
    var selection = 0

    /// The sidebar's lines for these lists, Hosts filtered by `filter` (best match first).
    func entries(hosts: [Host], workspaces: [Workspace], recent: [Workspace]) -> [Entry] {
        var entries: [Entry] = [.heading("Hosts")]
        let matching: [Host]
        if filter.isEmpty {
            matching = hosts
        } else {
            matching = hosts.compactMap { host in
                FuzzyMatch.score(filter, in: Self.searchText(of: host)).map { (host, $0) }
            }
            .sorted { $0.1 > $1.1 }
            .map(\.0)
        }
        if matching.isEmpty {
            entries.append(.note(hosts.isEmpty ? "no Hosts in the Vault" : "no Host matches"))
        }
        entries += matching.map(Entry.host)
        entries.append(.heading("Workspaces"))
        entries += workspaces.enumerated().map { .workspace(index: $0.offset, name: $0.element.name) }
        entries.append(.heading("Recent Workspaces"))
        if recent.isEmpty { entries.append(.note("none")) }
        entries += recent.enumerated().map { .recent(index: $0.offset, name: $0.element.name) }
        return entries
    }

    /// The selected entry among `entries`.
    func selected(in entries: [Entry]) -> Entry? {
        let selectable = entries.filter(\.isSelectable)
        guard !selectable.isEmpty else { return nil }
        return selectable[min(selection, selectable.count - 1)]
    }

    mutating func moveSelection(by step: Int, in entries: [Entry]) {
        let count = entries.filter(\.isSelectable).count
        guard count > 0 else { return }
        selection = min(count - 1, max(0, min(selection, count - 1) + step))
    }

    /// What a Host is found by: its label, address, user and tags.
    static func searchText(of host: Host) -> String {
        ([host.label.rawValue, host.hostname, host.username ?? ""] + host.tags).joined(separator: " ")
    }
}
