import Foundation

/// A saved Workspace layout: a split tree whose leaves are panes (an SSH terminal or SFTP
/// browser on a Host, a browser of this machine's files, or an empty pane, each with the name
/// the person gave it, if any) and whose splits keep their divider fraction. Stored as JSON
/// (Swift's Codable form): a layout saved before panes had names has no `name` and decodes
/// with none.
public indirect enum TemplateLayout: Sendable, Hashable, Codable {
    public enum PaneKind: String, Sendable, Hashable, Codable {
        case terminal, browser, empty
        /// A browser of this machine's files (the local side beside a remote browser): no Host.
        case localBrowser = "local-browser"
        /// The server metrics of a Host: sparklines, file systems, the busiest processes.
        case metrics
    }
    public enum Axis: String, Sendable, Hashable, Codable { case horizontal, vertical }

    case pane(kind: PaneKind, hostID: UUID?, name: String? = nil)
    case split(axis: Axis, fraction: Double, first: TemplateLayout, second: TemplateLayout)

    /// Every pane, left to right: its kind, Host and name.
    public var panes: [(kind: PaneKind, hostID: UUID?, name: String?)] {
        switch self {
        case .pane(let kind, let hostID, let name): [(kind, hostID, name)]
        case .split(_, _, let first, let second): first.panes + second.panes
        }
    }

    /// Every Host the layout names, left to right.
    public var hostIDs: [UUID] {
        switch self {
        case .pane(_, let hostID, _): hostID.map { [$0] } ?? []
        case .split(_, _, let first, let second): first.hostIDs + second.hostIDs
        }
    }

    /// The layout with `hostID`'s panes turned into empty panes, so a removed Host never
    /// collapses a saved layout; a pane keeps the name the person gave it.
    public func emptying(hostID: UUID) -> TemplateLayout {
        switch self {
        case .pane(_, let id, let name) where id == hostID: .pane(kind: .empty, hostID: nil, name: name)
        case .pane: self
        case .split(let axis, let fraction, let first, let second):
            .split(axis: axis, fraction: fraction, first: first.emptying(hostID: hostID), second: second.emptying(hostID: hostID))
        }
    }
}
