import TermindApplication
import TermindDomain

// A Host's forwarding rules changed from the forwards overlay (docs/behaviour.md, "Forwards in
// the workbench"): `a` adds, `e` changes, `d` removes, written to the Vault through the same
// `VaultEditor` as `termind hosts edit --forward`, one rule at a time on the Host as the Vault
// has it then (another termind's change made meanwhile stays). The Hosts are read again after,
// and a rule changed or removed while it listens stops at once (`forwardRulesChanged`); a new or
// changed rule starts on the Host's session, as the Vault's rules do.

extension Workbench {
    /// The rule editor over the forwards overlay.
    var forwardEditor: ForwardEditor? {
        get { overlays[ForwardEditor.self] }
        set { overlays[ForwardEditor.self] = newValue }
    }
    /// The question before a rule is removed.
    var forwardRemoval: ForwardRemoval? {
        get { overlays[ForwardRemoval.self] }
        set { overlays[ForwardRemoval.self] = newValue }
    }

    /// Opens the editor on `row`'s rule, or for a new rule of one of the Workspace's Hosts,
    /// `host` (else the focused pane's) chosen first.
    func openForwardEditor(_ row: ForwardsOverlay.Row?, host: String?) {
        guard services.vaultEditor() != nil else {
            message = "the Vault cannot be written from here"
            return
        }
        if let row {
            forwardEditor = ForwardEditor(editing: row.rule, of: row.hostLabel, isRunning: Self.isRunning(row))
            return
        }
        let labels = forwardHostLabels
        guard !labels.isEmpty else {
            message = "no Host in this Workspace: open a pane of the Host first (or termind hosts edit HOST --forward)"
            return
        }
        let first = host ?? panes[workspace.focusedPaneID]?.hostLabel
        forwardEditor = ForwardEditor(adding: labels, host: first.flatMap { labels.firstIndex(of: $0) } ?? 0)
    }

    func askForwardRemoval(_ row: ForwardsOverlay.Row) {
        guard services.vaultEditor() != nil else {
            message = "the Vault cannot be written from here"
            return
        }
        forwardRemoval = ForwardRemoval(hostLabel: row.hostLabel, rule: row.rule, isRunning: Self.isRunning(row))
    }

    /// Writes the change; the editor or question closes when the Vault took it, and shows the
    /// refusal otherwise (the Hosts read again when another termind changed the rule).
    func saveForward(_ change: ForwardChange, of label: String) {
        guard let editor = services.vaultEditor() else { return }
        Task { [weak self] in
            do {
                try await editor.changeForward(of: label, change)
                guard let self else { return }
                self.forwardEditor = nil
                self.forwardRemoval = nil
                self.keepRunChoice(across: change, of: label)
                self.message = Self.saved(change, of: label)
                await self.vaultChanged()
            } catch {
                guard let self else { return }
                let problem = Self.text(of: error)
                if self.forwardEditor != nil {
                    self.forwardEditor?.isSaving = false
                    self.forwardEditor?.problem = problem
                } else {
                    self.forwardRemoval?.isRemoving = false
                    self.forwardRemoval?.problem = problem
                }
                if error is ForwardChangeRefused { await self.vaultChanged() }
            }
            self?.onChange()
        }
    }

    /// A rule turned off (or on) for this run stays so once changed; a removed one's choice goes.
    private func keepRunChoice(across change: ForwardChange, of label: String) {
        switch change {
        case .add: break
        case .replace(let old, let new):
            let choice = forwardRuns.choices.removeValue(forKey: ForwardRuns.Key(hostLabel: label, rule: old))
            forwardRuns.choices[ForwardRuns.Key(hostLabel: label, rule: new)] = choice
        case .remove(let rule):
            forwardRuns.choices[ForwardRuns.Key(hostLabel: label, rule: rule)] = nil
        }
    }

    private static func saved(_ change: ForwardChange, of label: String) -> String {
        let host = TerminalSafeText(label).text
        switch change {
        case .add(let rule): return "forward \(TerminalSafeText(rule.stored).text) added to \(host) in the Vault"
        case .replace(_, let rule): return "forward changed to \(TerminalSafeText(rule.stored).text) on \(host) in the Vault"
        case .remove(let rule): return "forward \(TerminalSafeText(rule.stored).text) removed from \(host) in the Vault"
        }
    }

    private static func isRunning(_ row: ForwardsOverlay.Row) -> Bool {
        switch row.state {
        case .starting, .listening: true
        case .stopped, .waiting, .failed: false
        }
    }
}
