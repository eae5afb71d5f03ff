import Foundation
import TermindApplication
import TermindDomain

// The Vault in the TUI (docs/behaviour.md §3): forms to add and edit Hosts, Identities and
// Snippets, and the question before removing one, opened from the Navigator (F7/Insert new,
// F6/C-e edit, F8/Delete remove) and the Snippet picker. Writes go through the same
// `VaultEditor` as the command line; the workbench reads the Vault again after each.

extension Workbench {
    /// Opens the form for `subject`, filled from the Vault as it is now.
    func openVaultForm(_ subject: VaultForm.Subject) {
        guard let editor = services.vaultEditor() else {
            message = "the Vault cannot be written from here"
            return
        }
        dispatcher.reset()
        Task { [weak self] in
            do {
                let snapshot = try await editor.store.snapshot()
                guard let self else { return }
                switch subject {
                case .host(let label):
                    self.vaultForm = .host(label.flatMap { snapshot.host($0) }, in: snapshot)
                case .identity(let label):
                    self.vaultForm = .identity(label.flatMap { snapshot.identity($0) }, in: snapshot)
                case .snippet(let label):
                    self.vaultForm = .snippet(label.flatMap { snapshot.snippet($0) })
                }
            } catch {
                self?.message = "the Vault could not be read: \(Self.text(of: error))"
            }
            self?.onChange()
        }
    }

    func saveVaultForm(_ form: VaultForm) {
        guard let editor = services.vaultEditor() else { return }
        Task { [weak self] in
            do {
                let label = try await form.save(with: editor)
                guard let self else { return }
                self.vaultForm = nil
                self.message = "saved \(form.subject.kindName) '\(TerminalSafeText(label).text)'"
                await self.formWroteVault()
            } catch {
                self?.vaultForm?.isSaving = false
                self?.vaultForm?.problem = Self.text(of: error)
            }
            self?.onChange()
        }
    }

    // MARK: - Removing

    func askRemoval(_ kind: VaultRemoval.Kind, label: String) {
        guard services.vaultEditor() != nil else {
            message = "the Vault cannot be written from here"
            return
        }
        dispatcher.reset()
        vaultRemoval = VaultRemoval(kind: kind, label: label)
    }

    /// Removes the record; in use and not yet forced, the question asks again naming who uses it.
    func remove(_ removal: VaultRemoval) {
        guard let editor = services.vaultEditor() else { return }
        let force = removal.usedBy != nil
        Task { [weak self] in
            do {
                switch removal.kind {
                case .host: try await editor.removeHost(removal.label, force: force)
                case .identity: try await editor.removeIdentity(removal.label, force: force)
                case .snippet: try await editor.removeSnippet(removal.label)
                }
                guard let self else { return }
                self.vaultRemoval = nil
                self.message = "removed \(removal.kindName) '\(TerminalSafeText(removal.label).text)'"
                await self.formWroteVault()
            } catch VaultRuleViolation.recordInUse(_, _, let users) where !force {
                self?.vaultRemoval?.usedBy = users
                self?.vaultRemoval?.isRemoving = false
            } catch {
                self?.vaultRemoval?.isRemoving = false
                self?.vaultRemoval?.problem = Self.text(of: error)
            }
            self?.onChange()
        }
    }

    /// After a write from a form: the Hosts and Identities are read again, an open Snippet
    /// picker lists again, and a removed Host's panes end as the live Vault ends them.
    private func formWroteVault() async {
        await vaultChanged()
        if snippetPicker != nil, let snippets = try? await services.snippets() {
            snippetPicker?.snippets = snippets.sorted { $0.label < $1.label }
        }
    }
}
