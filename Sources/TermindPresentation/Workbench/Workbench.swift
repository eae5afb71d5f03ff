import Foundation
import TermindApplication
import TermindDomain

/// The workbench the person sees: the open Workspaces (one shown, the others as tabs), the
/// Session behind each pane, the Navigator, Quick Open, the help overlay, the interaction
/// dialogs and the status bar.
///
/// Events come in through `handle(_:)` (keys, pastes, the mouse), `resize(to:)` and the
/// Sessions' own tasks (output, a connection's end, an interaction to show); each updates this
/// model and calls `onChange`, and the loop asks for a `frame()` when its scheduler says so.
/// Nothing here writes to the terminal; `WorkbenchLoop` does.
///
/// Confined to the TUI's main actor, like every pane surface it owns.
@MainActor
public final class Workbench {
    /// Where keys go when no overlay is open.
    enum Focus {
        case panes
        case navigator
    }

    /// The smallest pane: a title line and one row of the remote screen, a few columns.
    static let minimumPane = CellSize(columns: 4, rows: 2)

    let services: any WorkbenchServices
    /// Variables passed to each remote shell (LANG, so the remote encodes text as here).
    let shellEnvironment: [String: String]
    var dispatcher: KeyDispatcher
    /// The one interaction queue of this process: every pane's connections ask through it.
    public let interactions: InteractionQueue
    let dialogs: InteractionDialogs
    /// The form of the interaction on screen.
    var dialog: InteractionDialog?

    public private(set) var size: CellSize
    var workspaces: [Workspace]
    var selectedWorkspace = 0
    var sessions: [PaneID: PaneSession] = [:]
    var navigator = Navigator()
    var focus: Focus = .panes
    var quickOpen: QuickOpen?
    /// The help overlay's first row, or nil when it is closed.
    var helpScroll: Int?
    /// The Import screen, when open.
    var importScreen: ImportScreen?
    var hosts: [Host] = []
    var recent: [Workspace] = []
    /// A line for the status bar until the next key (a refused split, a keymap problem).
    var message: String?
    /// Interactions waiting or on screen, as the queue last said.
    var pendingInteractions = 0
    /// Quit asked while Sessions are open: the status bar asks to confirm.
    var confirmingQuit = false
    /// The pane whose close waits for a yes: its Session is live (an editor with unsaved work
    /// would be lost), so `C-\\ x` asks first, as tmux does.
    var confirmingClose: PaneID?
    /// `move-pane-to-workspace` without a number: the next digit chooses.
    var choosingMoveTarget = false
    /// The divider the mouse is dragging.
    var draggedDivider: PaneDivider?
    private var pendingCountRefresh: Task<Void, Never>?

    /// Called after every change that may show on screen.
    public var onChange: () -> Void = {}
    /// Set when the person quit (or a signal asked to): the process's exit status.
    public internal(set) var exitStatus: Int32?

    /// - Parameters:
    ///   - keymap: the bindings in force (the defaults with the person's file over them).
    ///   - keymapProblems: lines of the person's keymap that were skipped, shown once.
    ///   - environment: the environment termind runs in; LANG and LC_* go to remote shells.
    public init(
        services: any WorkbenchServices, keymap: Keymap, keymapProblems: [KeymapProblem] = [],
        size: CellSize, environment: [String: String] = [:]
    ) {
        self.services = services
        self.dispatcher = KeyDispatcher(keymap: keymap)
        self.size = size
        self.shellEnvironment = environment.filter { $0.key == "LANG" || $0.key.hasPrefix("LC_") }
        let dialogs = InteractionDialogs()
        self.dialogs = dialogs
        self.interactions = InteractionQueue(presenter: WorkbenchPresenter(dialogs: dialogs))
        let first = Workspace(name: "", pane: .empty())
        self.workspaces = [first]
        if let problem = keymapProblems.first {
            let more = keymapProblems.count > 1 ? " (and \(keymapProblems.count - 1) more)" : ""
            message = "keymap: \(problem)\(more)"
        }
        sessions[first.focusedPaneID] = PaneSession(paneID: first.focusedPaneID, hostLabel: nil, size: .zero)
        dialogs.onChange = { [weak self] in self?.dialogsChanged() }
    }

    var keymap: Keymap { dispatcher.keymap }
    var workspace: Workspace {
        get { workspaces[selectedWorkspace] }
        set { workspaces[selectedWorkspace] = newValue }
    }
    var focusedSession: PaneSession? { sessions[workspace.focusedPaneID] }

    // MARK: - Starting and stopping

    /// Reads the Vault's Hosts and the Recent Workspaces, then connects `destination` (a Host
    /// label or an ad-hoc target) when given; otherwise the Navigator has focus, ready to pick.
    public func start(connecting destination: String? = nil) async {
        await reloadHosts()
        recent = Self.distinctRecent(await services.recentWorkspaces())
        if let destination {
            openDestination(destination)
        } else if !hosts.isEmpty {
            focus = .navigator
        }
        onChange()
    }

    /// Ends the workbench: the Workspaces are kept for the next run (the open ones first, then
    /// the Recent ones not opened this time), every dialog is cancelled and every Session closed,
    /// waiting up to `closeTimeout` for the servers to see a clean close (a dead peer must not
    /// keep the person waiting).
    public func shutdown(closeTimeout: Duration = .seconds(1)) async {
        let kept = workspaces.filter { $0.panes.contains { $0.kind != .empty } }
        await services.saveRecentWorkspaces(Self.distinctRecent(kept + recent))
        dialogs.cancelAll()
        pendingCountRefresh?.cancel()
        var closing: [Task<Void, Never>] = []
        for session in sessions.values {
            if let generation = session.generation { await interactions.cancel(generation: generation) }
            if let task = session.disconnect() { closing.append(task) }
        }
        await BoundedWait.wait(for: closing, atMost: closeTimeout)
    }

    /// The Recent Workspaces without repeats: a Workspace opened from Recent and kept again at
    /// quit has the same name and layout as its saved self, and must not list twice. The first
    /// (the most recent) of each name and layout stays.
    static func distinctRecent(_ workspaces: [Workspace]) -> [Workspace] {
        struct Identity: Hashable {
            let name: String
            let layout: TemplateLayout
        }
        var seen = Set<Identity>()
        return workspaces.filter { seen.insert(Identity(name: $0.name, layout: $0.templateLayout)).inserted }
    }

    /// Ends the loop with `status` (a signal, the terminal hanging up).
    public func requestQuit(status: Int32) {
        exitStatus = status
        onChange()
    }

    /// The loop's view of the person quitting.
    public var isFinished: Bool { exitStatus != nil }

    // MARK: - Events

    /// The input events decoded from one terminal read, in order. What they send to each pane
    /// goes out as one write per pane (keys and pastes read together travel together).
    public func handle(_ events: [InputEvent]) {
        guard !events.isEmpty else { return }
        let batched = Array(sessions.values)
        for session in batched { session.beginInputBatch() }
        var boundCache: [Character: Bool] = [:]
        var index = events.startIndex
        while index < events.endIndex {
            let typed = typePlainRun(events[index...], boundCache: &boundCache)
            if typed > 0 {
                index += typed
                continue
            }
            let event = events[index]
            index += 1
            // Laying out again after each of 4,000 pasted keys costs more than sending them:
            // only when a key changed the layout (a split, a zoom, the Navigator, a new Session).
            let before = (workspaces, navigator.isVisible, sessions.count)
            apply(event)
            if case .key = event, before == (workspaces, navigator.isVisible, sessions.count) { continue }
            syncPaneSizes()
        }
        for session in batched { session.endInputBatch() }
        onChange()
    }

    /// One decoded input event: a key, a paste, the mouse (focus changes are not used).
    public func handle(_ event: InputEvent) {
        handle([event])
    }

    private func apply(_ event: InputEvent) {
        switch event {
        case .key(let press): handleKey(press)
        case .paste(let bytes): handlePaste(bytes)
        case .mouse(let mouse): if importScreen == nil { handleMouse(mouse) }
        case .focusGained, .focusLost: return
        }
    }

    /// The terminal changed size: everything is laid out again at the next frame, and each
    /// pane's PTY follows its new size.
    public func resize(to size: CellSize) {
        guard size != self.size else { return }
        self.size = size
        syncPaneSizes()
        onChange()
    }

    // MARK: - The Vault

    func reloadHosts() async {
        if let loaded = try? await services.hosts() {
            hosts = loaded
        }
    }

    /// Reads the Hosts again in the background (a script may have changed the Vault).
    func refreshHostsLater() {
        Task { [weak self] in
            await self?.reloadHosts()
            self?.onChange()
        }
    }

    func host(id: UUID?) -> Host? {
        id.flatMap { id in hosts.first { $0.id == id } }
    }

    // MARK: - Interactions

    private func dialogsChanged() {
        if let current = dialogs.current {
            if dialog?.interaction.id != current.id {
                dialog = InteractionDialog(current, origin: origin(of: current))
                dispatcher.reset()
            }
        } else {
            dialog = nil
        }
        refreshPendingCount()
        onChange()
    }

    /// "web, pane 2 of Workspace 1": the connection and the pane that asks.
    func origin(of interaction: Interaction) -> String {
        for (workspaceIndex, workspace) in workspaces.enumerated() {
            for (paneIndex, pane) in workspace.panes.enumerated()
            where sessions[pane.id]?.generation == interaction.generation {
                return "\(interaction.connectionLabel), pane \(paneIndex + 1) of Workspace \(workspaceIndex + 1)"
            }
        }
        return interaction.connectionLabel
    }

    /// Asks the queue how many interactions wait; while a dialog is open, again every half
    /// second (other connections may ask meanwhile). Nothing runs while none is open.
    func refreshPendingCount() {
        pendingCountRefresh?.cancel()
        pendingCountRefresh = Task { [weak self, interactions] in
            repeat {
                let count = await interactions.pendingCount
                guard let self, !Task.isCancelled else { return }
                if count != self.pendingInteractions {
                    self.pendingInteractions = count
                    self.onChange()
                }
                guard self.dialog != nil else { return }
                try? await Task.sleep(for: .milliseconds(500))
            } while !Task.isCancelled
        }
    }
}
