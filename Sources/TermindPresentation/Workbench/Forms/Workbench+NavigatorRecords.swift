import TermindDomain

// The Navigator's keys for what it lists: F7 (or Insert) adds a record of the section the
// selection is in, F6 (or C-e) edits the selected one (renames a Recent Workspace), F8 (or
// Delete) removes it, asking first (a Recent Workspace entry goes at once: it is only a
// remembered layout).

extension Workbench {
    func addFromNavigator(_ selected: Navigator.Entry?) {
        switch selected {
        case .identity?, .newIdentity?: openVaultForm(.identity(editing: nil))
        default: openVaultForm(.host(editing: nil))
        }
    }

    func editFromNavigator(_ selected: Navigator.Entry?) {
        switch selected {
        case .host(let host)?: openVaultForm(.host(editing: host.label.rawValue))
        case .identity(let identity)?: openVaultForm(.identity(editing: identity.label.rawValue))
        case .recent(let index, let name)?:
            dispatcher.reset()
            namePrompt = NamePrompt(purpose: .renameRecent(index: index), name: name)
        case .newIdentity?:
            openVaultForm(.identity(editing: nil))
        case .workspace?, .heading?, .note?, nil:
            message = "F6 edits a Host or an Identity, or renames a Recent Workspace"
        }
    }

    func removeFromNavigator(_ selected: Navigator.Entry?) {
        switch selected {
        case .host(let host)?: askRemoval(.host, label: host.label.rawValue)
        case .identity(let identity)?: askRemoval(.identity, label: identity.label.rawValue)
        case .recent(let index, _)?:
            guard recent.indices.contains(index) else { return }
            let removed = recent.remove(at: index)
            message = "removed '\(removed.name)' from the Recent Workspaces"
        case .workspace?, .heading?, .note?, .newIdentity?, nil:
            message = "F8 removes a Host, an Identity or a Recent Workspace"
        }
    }

    /// The Recent Workspace at `index` takes `name`; a name another one has gets a number
    /// (`web (2)`), as the Recent list keeps names apart.
    func renameRecent(_ index: Int, to name: String) {
        guard recent.indices.contains(index) else { return }
        guard !name.isEmpty else {
            namePrompt?.problem = "a Recent Workspace needs a name"
            return
        }
        let taken = Set(recent.indices.filter { $0 != index }.map { recent[$0].name })
        var unique = name, number = 2
        while taken.contains(unique) {
            unique = "\(name) (\(number))"
            number += 1
        }
        recent[index].name = unique
        namePrompt = nil
    }

    /// `C-x` in the Navigator: every Recent Workspace goes, once the person says yes.
    func askClearRecent() {
        guard !recent.isEmpty else {
            message = "there are no Recent Workspaces"
            return
        }
        statusQuestion = .clearRecent
        message = "forget all \(recent.count) Recent Workspaces? y/n"
    }
}
