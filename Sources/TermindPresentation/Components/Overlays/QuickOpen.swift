import TermindDomain

/// The Quick Open overlay: a line to type into and the Hosts, Workspaces and Templates that match it,
/// best first. Enter opens the selected one. A plain value owned by the workbench.
struct QuickOpen {
    /// One thing Quick Open can open.
    enum Candidate: Equatable {
        case host(Host)
        case workspace(index: Int, name: String)
        case recent(index: Int, name: String)
        case template(Template)
        /// A screen to open (the Import screen), offered once the query matches its name.
        case action(KeyAction, name: String)

        /// What the person sees and what the query matches against.
        var text: String {
            switch self {
            case .host(let host): host.label.rawValue
            case .workspace(let index, let name): "\(index + 1) \(name)"
            case .recent(_, let name): name
            case .template(let template): template.label.rawValue
            case .action(_, let name): name
            }
        }

        /// The kind, shown beside the text.
        var kind: String {
            switch self {
            case .host: "Host"
            case .workspace: "Workspace"
            case .recent: "Recent Workspace"
            case .template: "Template"
            case .action: "Screen"
            }
        }

        var detail: String {
            switch self {
            case .host(let host): (host.username.map { "\($0)@" } ?? "") + "\(host.hostname):\(host.port)"
            case .workspace: "open"
            case .recent: "last run"
            case .template(let template): "\(template.layout.panes.count) panes, opens a new Workspace"
            case .action(let action, _): action.summary
            }
        }
    }

    /// The pane a chosen Host opens in (an empty pane's Enter), or nil for the usual choice.
    var targetPane: PaneID?
    var query = ""
    var selection = 0

    /// Every candidate matching the query, best first (in list order when the query is empty).
    func matches(hosts: HostSearch, workspaces: [Workspace], recent: [Workspace], templates: [Template]) -> [Candidate] {
        var others: [Candidate] = []
        if targetPane == nil {
            others += workspaces.enumerated().map { .workspace(index: $0.offset, name: $0.element.name) }
            others += recent.enumerated().map { .recent(index: $0.offset, name: $0.element.name) }
            others += templates.map(Candidate.template)
        }
        guard !query.isEmpty else { return hosts.hosts.map(Candidate.host) + others }
        if targetPane == nil { others.append(.action(.importSSH, name: "Import from ~/.ssh")) }
        // Hosts first in list order (their prepared texts), then the others after them.
        let needle = FuzzyMatch.Text(query: query)
        let found = hosts.matches(query).map { (Candidate.host(hosts.hosts[$0.index]), $0.score, $0.index) }
            + others.enumerated().compactMap { entry -> (Candidate, Int, Int)? in
                FuzzyMatch.score(needle, in: FuzzyMatch.Text(entry.element.text)).map { (entry.element, $0, hosts.hosts.count + entry.offset) }
            }
        return found.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.map(\.0)
    }
}
