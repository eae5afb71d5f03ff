import Foundation
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
        /// A Vault Identity (Enter edits it).
        case identity(Identity)
        /// The line under the Identities that adds one (Enter, or F7 anywhere in the section).
        case newIdentity
        /// A line of explanation (an empty section).
        case note(String)

        var isSelectable: Bool {
            switch self {
            case .host, .workspace, .recent, .identity, .newIdentity: true
            case .heading, .note: false
            }
        }
    }

    static let width = 30

    var isVisible = true
    /// True when it was hidden and shown to pick something (`C-\ w`): Esc, or opening what was
    /// picked, hides it again and gives its columns back to the panes.
    var isShownForPick = false
    var filter = ""
    /// Index into the selectable entries.
    var selection = 0
    /// The Hosts marked to open together (Space, C-a), by Vault id.
    var marked: Set<UUID> = []

    /// The sidebar's lines for these lists, Hosts filtered by `filter` (best match first).
    func entries(hosts: HostSearch, workspaces: [Workspace], recent: [Workspace], identities: [Identity] = []) -> NavigatorEntries {
        var head: [Entry] = [.heading("Hosts")]
        let matching = filter.isEmpty ? Array(hosts.hosts.indices) : hosts.ranked(filter)
        if matching.isEmpty {
            head.append(.note(hosts.hosts.isEmpty ? "no Hosts in the Vault" : "no Host matches"))
        }
        var tail: [Entry] = [.heading("Workspaces")]
        tail += workspaces.enumerated().map { .workspace(index: $0.offset, name: $0.element.name) }
        tail.append(.heading("Recent Workspaces"))
        if recent.isEmpty { tail.append(.note("none")) }
        tail += recent.enumerated().map { .recent(index: $0.offset, name: $0.element.name) }
        tail.append(.heading("Identities"))
        tail += identities.map { .identity($0) }
        tail.append(.newIdentity)
        return NavigatorEntries(head: head, hosts: hosts.hosts, showing: matching, tail: tail)
    }

    /// The selected entry among `entries`.
    func selected(in entries: NavigatorEntries) -> Entry? {
        let count = entries.selectableCount
        guard count > 0 else { return nil }
        return entries.entryIndex(ofSelectable: min(selection, count - 1)).map { entries[$0] }
    }

    /// Hidden again when it was shown for a pick; true when it was.
    @discardableResult
    mutating func hideAfterPick() -> Bool {
        guard isShownForPick else { return false }
        isShownForPick = false
        isVisible = false
        return true
    }

    mutating func moveSelection(by step: Int, in entries: NavigatorEntries) {
        let count = entries.selectableCount
        guard count > 0 else { return }
        selection = min(count - 1, max(0, min(selection, count - 1) + step))
    }

}
