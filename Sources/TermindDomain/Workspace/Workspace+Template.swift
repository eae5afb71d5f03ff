import Foundation

/// A Workspace and a saved Template carry the same tree: saving keeps each pane's kind, Host,
/// name and every fraction; restoring gives every pane a fresh id and turns a pane whose Host no
/// longer exists into an empty pane (with its name), so the layout never collapses.
extension Workspace {
    /// The layout to save as a Template.
    public var templateLayout: TemplateLayout { TemplateLayout(root) }

    /// A Workspace opened from a saved layout. `existingHostIDs` are the Vault's Hosts now; a
    /// terminal or browser pane naming any other Host (or none) restores as an empty pane; a
    /// local browser names none and restores as itself.
    public init(id: UUID = UUID(), name: String, restoring layout: TemplateLayout, existingHostIDs: Set<UUID>) {
        self.init(id: id, name: name, root: PaneTree(restoring: layout, existingHostIDs: existingHostIDs))
    }

    /// A Workspace opened from a Template, named after it.
    public init(id: UUID = UUID(), restoring template: Template, existingHostIDs: Set<UUID>) {
        self.init(id: id, name: template.label.rawValue, restoring: template.layout, existingHostIDs: existingHostIDs)
    }
}

extension PaneTree {
    /// The tree of a saved layout with fresh pane ids; see `Workspace.init(name:restoring:existingHostIDs:)`.
    public init(restoring layout: TemplateLayout, existingHostIDs: Set<UUID>) {
        switch layout {
        case .pane(let kind, let hostID, let name):
            let name = name.flatMap(Workspace.givenName)
            if kind == .localBrowser {
                self = .pane(Pane(kind: .localBrowser, hostID: nil, name: name))
            } else if kind != .empty, let hostID, existingHostIDs.contains(hostID) {
                self = .pane(Pane(kind: kind, hostID: hostID, name: name))
            } else {
                self = .pane(Pane(kind: .empty, hostID: nil, name: name))
            }
        case .split(let axis, let fraction, let first, let second):
            self = .split(
                PaneSplit(
                    axis: axis, fraction: fraction,
                    first: PaneTree(restoring: first, existingHostIDs: existingHostIDs),
                    second: PaneTree(restoring: second, existingHostIDs: existingHostIDs)))
        }
    }
}

extension TemplateLayout {
    /// The saved form of a split tree: each pane's kind, Host and name, each split's axis and
    /// fraction.
    public init(_ tree: PaneTree) {
        switch tree {
        case .pane(let pane):
            self = .pane(kind: pane.kind, hostID: pane.hostID, name: pane.name)
        case .split(let split):
            self = .split(
                axis: split.axis, fraction: split.fraction,
                first: TemplateLayout(split.first), second: TemplateLayout(split.second))
        }
    }
}

extension Template {
    /// A Template saving `workspace`'s layout under `label`.
    public init(id: UUID = UUID(), label: Label, workspace: Workspace) {
        self.init(id: id, label: label, layout: workspace.templateLayout)
    }
}
