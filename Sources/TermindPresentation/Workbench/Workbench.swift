import Foundation
import TermindApplication
import TermindDomain

/// The workbench the person sees: the open Workspaces (one shown, the others as tabs), the
/// component behind each pane, the Navigator, Quick Open, the help overlay, the interaction
/// dialogs and the status bar.
///
/// Events come in through `handle(_:)` (keys, pastes, the mouse), `resize(to:)` and the
/// Sessions' own tasks (output, a connection's end, an interaction to show). The workbench
/// keeps the layout, the focus and the overlay stack itself and routes the rest to the pane it
/// concerns (`deliver(_:to:)`), whose `update` returns effects that `Workbench+Effects.swift`
/// runs; then it calls `onChange`, and the loop asks for a `frame()` when its scheduler says
/// so. A frame lays the screen out once and only draws. Nothing here writes to the terminal;
/// `WorkbenchLoop` does.
///
/// Confined to the TUI's main actor, like every pane surface it owns.
@MainActor
public final class Workbench {
    /// Where keys go when no overlay is open.
    enum Focus {
        case panes
        case navigator
    }

    let services: any WorkbenchServices
    /// The environment, tmux, the shell integration and the screen lent to an editor.
    var setting: WorkbenchSetting
    var dispatcher: KeyDispatcher
    /// The interaction queue, its dialogs and how many wait.
    var interactionState: WorkbenchInteractions
    /// The shared connections, the attempts under way and the panes lost together.
    var sharing: WorkbenchSharing
    /// Each Host's metrics, its sampler and the metrics panes' connections.
    var metrics = WorkbenchMetrics()

    public private(set) var size: CellSize
    /// The open Workspaces and the shown one.
    var openWorkspaces: OpenWorkspaces
    /// The component of every pane of every open Workspace, by the pane's id.
    var panes: [PaneID: any PaneComponent] = [:]
    /// The I/O of each pane's Session and each browser pane, run by the effect runner.
    var paneLinks = PaneLinks()
    /// The layout last given to the panes and the divider being dragged.
    var layoutState = WorkbenchLayoutState()
    /// Clipboard writes for the loop and the paste buffer.
    var clipboard = WorkbenchClipboard()
    var navigator = Navigator()
    var focus: Focus = .panes
    /// Every open overlay (help, Quick Open, forms, pickers, the queue, dialogs, the status
    /// bar's questions), drawn bottom-up; input goes to the top (`Workbench+Overlays`).
    var overlays = OverlayStack()
    /// The Hosts, Templates, Identities and Recent Workspaces as last read, and the watch that
    /// reads them again when another process writes (`Workbench+LiveVault`).
    var vault = WorkbenchVault()
    /// A line for the status bar until the next key (a refused split, a keymap problem).
    var message: String?
    /// The transfer queue and the transfers seen finished.
    var transferQueue: WorkbenchTransfers
    /// Each Host's forwards this run (`Workbench+Forwards`).
    var forwardRuns = ForwardRuns()
    /// The panes that receive broadcast input (Workbench+Broadcast).
    var broadcast: Set<PaneID> = []
    /// The last command history write asked for: each waits for the one before.
    var commandRecording: Task<Void, Never>?
    /// The edit under way and its upload question's answer.
    var editing = WorkbenchEditing()

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
        self.setting = WorkbenchSetting(
            shellEnvironment: environment.filter { $0.key == "LANG" || $0.key.hasPrefix("LC_") },
            insideTmux: !(environment["TMUX"] ?? "").isEmpty)
        let dialogs = InteractionDialogs()
        let interactions = InteractionQueue(presenter: WorkbenchPresenter(dialogs: dialogs))
        self.interactionState = WorkbenchInteractions(queue: interactions, dialogs: dialogs)
        let sharedConnections = SharedConnections { generation in await interactions.cancel(generation: generation) }
        self.sharing = WorkbenchSharing(connections: sharedConnections)
        self.transferQueue = WorkbenchTransfers(queue: services.transferQueue(interactions: interactions, shared: sharedConnections))
        let first = Workspace(name: "", pane: .empty())
        self.openWorkspaces = OpenWorkspaces(all: [first])
        if let problem = keymapProblems.first {
            let more = keymapProblems.count > 1 ? " (and \(keymapProblems.count - 1) more)" : ""
            message = "keymap: \(problem)\(more)"
        }
        install(PaneKinds.component(for: .empty, id: first.focusedPaneID, hostLabel: nil, size: .zero))
        dialogs.onChange = { [weak self] in self?.dialogsChanged() }
        transfers?.onChange { [weak self] in Task { @MainActor in self?.transfersChanged() } }
    }

    var keymap: Keymap { dispatcher.keymap }
    /// The one interaction queue of this process: every pane's connections ask through it.
    public var interactions: InteractionQueue { interactionState.queue }
    var dialogs: InteractionDialogs { interactionState.dialogs }
    /// Each sharing Host's one authenticated connection, which its panes open channels on.
    public var sharedConnections: SharedConnections { sharing.connections }
    /// The transfer queue (nil where the services offer none).
    var transfers: TransferQueue? { transferQueue.queue }
    var workspaces: [Workspace] {
        get { openWorkspaces.all }
        set { openWorkspaces.all = newValue }
    }
    var selectedWorkspace: Int {
        get { openWorkspaces.selected }
        set { openWorkspaces.selected = newValue }
    }
    var links: [PaneID: PaneLink] {
        get { paneLinks.sessions }
        set { paneLinks.sessions = newValue }
    }
    var browserLinks: [PaneID: BrowserLink] {
        get { paneLinks.browsers }
        set { paneLinks.browsers = newValue }
    }
    var shellEnvironment: [String: String] { setting.shellEnvironment }
    var insideTmux: Bool { setting.insideTmux }
    /// How a remote shell starts with Termind's shell integration (the command line sets it
    /// from its resources); nil starts plain shells (`--no-shell-integration`).
    /// Where what the panes say in words is kept in full (a lost connection's libssh2 detail).
    public var logger: any Logger {
        get { setting.logger }
        set { setting.logger = newValue }
    }
    public var shellIntegration: ShellIntegration? {
        get { setting.shellIntegration }
        set { setting.shellIntegration = newValue }
    }
    /// The layout the panes were last given their sizes for.
    var laidOut: LayoutKey? {
        get { layoutState.laidOut }
        set { layoutState.laidOut = newValue }
    }
    /// The divider the mouse is dragging.
    var draggedDivider: PaneDivider? {
        get { layoutState.draggedDivider }
        set { layoutState.draggedDivider = newValue }
    }
    /// Who lends the terminal to the person's editor (the loop); nil in tests without one.
    var screen: (any ScreenSuspension)? {
        get { setting.screen }
        set { setting.screen = newValue }
    }
    var workspace: Workspace {
        get { workspaces[selectedWorkspace] }
        set { workspaces[selectedWorkspace] = newValue }
    }
    var focusedPane: (any PaneComponent)? { panes[workspace.focusedPaneID] }
    // The Vault as last read.
    var hosts: [Host] {
        get { vault.hosts }
        set { vault.hosts = newValue }
    }
    var hostSearch: HostSearch { vault.hostSearch }
    var recent: [Workspace] {
        get { vault.recent }
        set { vault.recent = newValue }
    }
    var templates: [Template] {
        get { vault.templates }
        set { vault.templates = newValue }
    }
    var identities: [Identity] {
        get { vault.identities }
        set { vault.identities = newValue }
    }

    // MARK: - Starting and stopping

    /// Reads the Vault's Hosts and the Recent Workspaces, then connects `destination` (a Host
    /// label or an ad-hoc target) when given; otherwise the Navigator has focus, ready to pick.
    public func start(connecting destination: String? = nil, template: String? = nil) async {
        await reloadHosts()
        recent = Self.distinctRecent(await services.recentWorkspaces())
        run(.listInterruptedTransfers)
        watchVault()
        if let template {
            openTemplate(named: template)
        } else if let destination {
            openDestination(destination)
        } else if !hosts.isEmpty {
            focus = .navigator
        }
        settle()
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
        answerUpload(false)  // the copy is kept, and its edit says where
        interactionState.countRefresh?.cancel()
        vault.watch?.cancel()
        var closing: [Task<Void, Never>] = []
        // Transfers stop keeping their partials: the next run lists them as interrupted.
        if let transfers { closing.append(Task { await transfers.shutdown() }) }
        for link in links.values {
            if let generation = link.generation { await interactions.cancel(generation: generation) }
            if let task = link.close() { closing.append(task) }
        }
        links = [:]
        for link in browserLinks.values {
            if let generation = link.generation { await interactions.cancel(generation: generation) }
            if let task = link.close() { closing.append(task) }
        }
        browserLinks = [:]
        // What the panes shared closes once their channels have.
        let channels = closing
        closing.append(Task { [sharedConnections] in
            for task in channels { await task.value }
            await sharedConnections.closeAll()
        })
        await BoundedWait.wait(for: closing, atMost: closeTimeout)
    }

    /// The Recent Workspaces without repeats: a Workspace opened from Recent and kept again at
    /// quit has the same name and layout as its saved self, and must not list twice. The first
    /// (the most recent) of each name and layout stays; others of the same name but another
    /// layout are told apart by a number, as `web (2)`.
    static func distinctRecent(_ workspaces: [Workspace]) -> [Workspace] {
        struct Identity: Hashable {
            let name: String
            let layout: TemplateLayout
        }
        var seen = Set<Identity>()
        let kept = workspaces.filter { seen.insert(Identity(name: $0.name, layout: $0.templateLayout)).inserted }
        var taken = Set(kept.map(\.name)), counts: [String: Int] = [:]
        return kept.map { workspace in
            counts[workspace.name, default: 0] += 1
            guard var number = counts[workspace.name], number > 1 else { return workspace }
            while taken.contains("\(workspace.name) (\(number))") { number += 1 }
            var renamed = workspace
            renamed.name = "\(workspace.name) (\(number))"
            taken.insert(renamed.name)
            return renamed
        }
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
        let batched = Array(links.values)
        for link in batched { link.beginInputBatch() }
        var boundCache: [Character: Bool] = [:]
        var index = events.startIndex
        while index < events.endIndex {
            let typed = typePlainRun(events[index...], boundCache: &boundCache)
            if typed > 0 {
                index += typed
                continue
            }
            apply(events[index])
            index += 1
            // Each event sees the sizes the one before it left (a key after a split goes to a
            // pane of the new size); `settle` lays out only when the layout changed.
            settle()
        }
        for link in batched { link.endInputBatch() }
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
        case .mouse(let mouse): handleMouse(mouse)
        case .focusGained, .focusLost: return
        }
    }

    /// The terminal changed size: everything is laid out again at the next frame, and each
    /// pane's PTY follows its new size.
    public func resize(to size: CellSize) {
        guard size != self.size else { return }
        self.size = size
        settle()
        onChange()
    }

    // MARK: - The Vault

    func reloadHosts() async {
        if let loaded = try? await services.hosts() {
            hosts = loaded
        }
        if let loaded = try? await services.templates() {
            templates = loaded.sorted { $0.label < $1.label }
        }
        if let editor = services.vaultEditor(), let snapshot = try? await editor.store.snapshot() {
            identities = snapshot.identities.sorted { $0.label < $1.label }
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
        run(.watchPendingInteractions)
        onChange()
    }

    /// "web, pane 2 of Workspace 1": the connection and the pane that asks.
    func origin(of interaction: Interaction) -> String {
        for (workspaceIndex, workspace) in workspaces.enumerated() {
            for (paneIndex, pane) in workspace.panes.enumerated()
            where links[pane.id]?.generation == interaction.generation
                || browserLinks[pane.id]?.generation == interaction.generation
                || sharing.attempts[interaction.generation] == pane.id {
                return "\(interaction.connectionLabel), pane \(paneIndex + 1) of Workspace \(workspaceIndex + 1)"
            }
        }
        return interaction.connectionLabel
    }

}
