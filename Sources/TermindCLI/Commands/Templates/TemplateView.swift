import TermindDomain

/// A Template as `list` and `show` print it: its panes in reading order, each with its kind,
/// Host (null for an empty pane, this machine's browser, or a Host since removed) and the name
/// the person gave it (left out when none).
struct TemplateView: Encodable {
    struct PaneView: Encodable {
        let kind: String
        let host: String?
        let name: String?
    }

    let label: String
    let panes: [PaneView]

    init(_ template: Template, in snapshot: VaultSnapshot) {
        label = template.label.rawValue
        panes = template.layout.panes.map { pane in
            PaneView(kind: pane.kind.rawValue, host: pane.hostID.flatMap { snapshot.host(id: $0)?.label.rawValue }, name: pane.name)
        }
    }

    /// "terminal web, browser web, local-browser".
    var summary: String {
        panes.map { pane in pane.host.map { "\(pane.kind) \($0)" } ?? pane.kind }.joined(separator: ", ")
    }
}
