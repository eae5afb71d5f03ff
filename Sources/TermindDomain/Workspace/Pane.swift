import Foundation

/// One leaf of a Workspace: its stable id, what it shows, the Host it shows it for and the name
/// the person gave it. The live Session behind it is never stored here; the TUI keeps it keyed
/// by `id`.
public struct Pane: Sendable, Hashable, Codable, Identifiable {
    public let id: PaneID
    public var kind: PaneKind
    /// The Vault Host the pane connects to. Always nil for an empty pane and a local browser;
    /// nil for a terminal or browser opened on an ad-hoc target that is not in the Vault.
    public var hostID: UUID?
    /// The name the person gave the pane (`rename-pane`); nil shows its automatic name, the
    /// Host's label. Saved with Templates and Recent Workspaces; files from before names decode
    /// as nil.
    public var name: String?

    public init(id: PaneID = PaneID(), kind: PaneKind, hostID: UUID?, name: String? = nil) {
        self.id = id
        self.kind = kind
        self.hostID = kind == .empty || kind == .localBrowser ? nil : hostID
        self.name = name
    }

    /// An SSH terminal on `hostID`.
    public static func terminal(hostID: UUID?, id: PaneID = PaneID()) -> Pane {
        Pane(id: id, kind: .terminal, hostID: hostID)
    }

    /// An SFTP browser on `hostID`.
    public static func browser(hostID: UUID?, id: PaneID = PaneID()) -> Pane {
        Pane(id: id, kind: .browser, hostID: hostID)
    }

    /// A browser of this machine's files.
    public static func localBrowser(id: PaneID = PaneID()) -> Pane {
        Pane(id: id, kind: .localBrowser, hostID: nil)
    }

    /// An empty pane: the host picker, waiting for the person to choose.
    public static func empty(id: PaneID = PaneID()) -> Pane {
        Pane(id: id, kind: .empty, hostID: nil)
    }
}
