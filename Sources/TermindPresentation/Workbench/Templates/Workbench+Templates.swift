import Foundation
import TermindApplication
import TermindDomain

// Templates in the workbench (docs/behaviour.md §5): `C-\ S` saves the shown Workspace's layout
// (each pane's kind and Host, every divider's fraction) under a name; Quick Open lists the
// Vault's Templates and opens one as a new Workspace, a pane whose Host is gone opening empty;
// `termind connect --template NAME` starts with one open.

extension Workbench {
    func openSaveTemplatePrompt() {
        guard workspace.panes.contains(where: { $0.kind != .empty }) else {
            message = "nothing to save: open a Host or a browser in this Workspace first"
            return
        }
        namePrompt = NamePrompt(purpose: .saveTemplate, name: workspace.name)
        dispatcher.reset()
    }

    /// Saves the shown Workspace as `name` (the prompt's Enter); a refusal stays in the prompt.
    func saveTemplate(named name: String) {
        let layout = workspace.templateLayout, count = workspace.panes.count
        Task { [weak self, services] in
            let result: Result<Template, any Error>
            do { result = .success(try await services.saveTemplate(name, layout: layout)) } catch { result = .failure(error) }
            guard let self else { return }
            switch result {
            case .success(let template):
                self.namePrompt = nil
                self.templates.append(template)
                self.message = "saved Template \(TerminalSafeText(template.label.rawValue).text) (\(count) pane\(count == 1 ? "" : "s")): Quick Open (C-\\ f) opens it"
            case .failure(let error):
                self.namePrompt?.isSaving = false
                self.namePrompt?.problem = "not saved: \(Self.text(of: error))"
            }
            self.onChange()
        }
    }

    /// Opens `template` as a new Workspace named after it and connects its panes.
    func openTemplate(_ template: Template) {
        openRestored(Workspace(restoring: template, existingHostIDs: Set(hosts.map(\.id))))
    }

    /// Opens the Template named `label` (for `connect --template`), or says it is missing.
    func openTemplate(named label: String) {
        guard let template = templates.first(where: { $0.label.rawValue == label }) else {
            message = "no Template \(TerminalSafeText(label).text) in the Vault"
            return
        }
        openTemplate(template)
    }
}
