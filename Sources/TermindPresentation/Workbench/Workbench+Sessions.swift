import Foundation
import TermindApplication
import TermindDomain

// Opening Hosts in panes and running their Sessions: connect through the services port, open
// the shell at the pane's size, feed its output to the pane's surface, and show how it ended.
// A failure stays in its own pane.

extension Workbench {
    /// The terminal type remote shells get: what the pane surface emulates.
    static let remoteTerm = "xterm-256color"

    /// Opens `host` in `target` when given, else in the focused pane when it is empty, else in
    /// a new pane split from the focused one (a new Workspace when there is no room).
    func open(_ host: Host, in target: PaneID? = nil) {
        openPane(.terminal(hostID: host.id), label: host.label.rawValue, in: target)
    }

    /// A Vault label opens that Host; anything else is tried as an ad-hoc target.
    func openDestination(_ destination: String) {
        if let host = hosts.first(where: { $0.label.rawValue == destination }) {
            open(host)
        } else {
            openPane(.terminal(hostID: nil), label: destination, in: nil)
        }
    }

    private func openPane(_ template: Pane, label: String, in target: PaneID?) {
        let paneID: PaneID
        if let target, workspace.contains(target) {
            paneID = target
        } else if workspace.focusedPane.kind == .empty {
            paneID = workspace.focusedPaneID
        } else {
            paneID = PaneID()
            let newPane = Pane(id: paneID, kind: template.kind, hostID: template.hostID)
            if !splitFocusedPane(with: newPane) {
                workspaces.append(Workspace(name: label, pane: newPane))
                selectedWorkspace = workspaces.count - 1
            }
        }
        var current = workspace
        current.replacePane(Pane(id: paneID, kind: template.kind, hostID: template.hostID))
        current.focus(paneID)
        if current.name.isEmpty { current.name = label }
        workspace = current
        focus = .panes
        startSession(for: paneID, label: label)
    }

    /// Splits the focused pane for `newPane` along its longer side (in cells as they look: a
    /// cell is about twice as tall as wide); false when neither way has room.
    @discardableResult
    func splitFocusedPane(with newPane: Pane) -> Bool {
        let area = workspaceArea.size
        let rect = currentLayout.rect(of: workspace.focusedPaneID) ?? CellRect(size: area)
        let preferred: SplitAxis = rect.columns >= rect.rows * 2 ? .horizontal : .vertical
        for axis in [preferred, preferred.crossing] where workspace.canSplit(axis, in: area, minimumPane: Self.minimumPane) {
            workspace.split(axis, with: newPane)
            syncPaneSizes()
            return true
        }
        return false
    }

    /// A fresh Session for pane `id`, connecting to `label`.
    func startSession(for id: PaneID, label: String) {
        sessions[id]?.disconnect()
        retireAttempt(of: sessions[id])
        let session = PaneSession(paneID: id, hostLabel: label, size: contentSize(of: id, in: workspace))
        sessions[id] = session
        connect(session)
    }

    /// Connects `session` (again): a new attempt generation, the shell opened at the pane's
    /// size as it is once authentication is done.
    func connect(_ session: PaneSession) {
        guard let label = session.hostLabel else { return }
        session.disconnect()
        retireAttempt(of: session)
        let generation = AttemptGeneration.next()
        session.generation = generation
        session.status = .connecting
        session.allowsClipboardWrites = hosts.first { $0.label.rawValue == label }?.allowsClipboardWrites ?? false
        session.isScrolling = false
        session.scrollOffset = 0
        _ = session.surface.takeOutput()  // keys typed for an attempt that is gone
        let services = self.services, interactions = self.interactions, environment = shellEnvironment
        session.connectTask = Task { [weak self] in
            do {
                let connection = try await services.connect(hostLabel: label, interactions: interactions, generation: generation)
                guard session.generation == generation, !Task.isCancelled else {
                    await connection.close()
                    return
                }
                let shell: any RemoteShell
                do {
                    shell = try await connection.openShell(term: Self.remoteTerm, size: session.terminalSize, environment: environment)
                } catch {
                    await connection.close()
                    throw error
                }
                guard session.generation == generation, !Task.isCancelled else {
                    await shell.close()
                    await connection.close()
                    return
                }
                if session.hasBeenConnected {
                    session.surface.beginNewSession(marker: Self.reconnectMarker(at: Date()))
                    session.refreshRows()
                }
                session.attach(connection: connection, shell: shell)
                session.status = .connected
                session.flushSurfaceOutput()  // keys typed while connecting
                self?.read(shell, into: session, generation: generation)
            } catch {
                guard session.generation == generation else { return }
                session.status = PaneStatus.failure(error)
            }
            self?.refreshPendingCount()
            self?.onChange()
        }
    }

    /// The line a reconnected pane shows between the old Session's text and the new one's:
    /// `── reconnected 14:02 ──`, local time.
    static func reconnectMarker(at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return "── reconnected \(formatter.string(from: date)) ──"
    }

    /// Feeds the shell's output to the pane until it ends, answering the surface's queries.
    private func read(_ shell: any RemoteShell, into session: PaneSession, generation: AttemptGeneration) {
        session.readTask = Task { [weak self] in
            var ending = "the remote shell closed"
            do {
                for try await element in shell.output {
                    guard session.generation == generation else { return }
                    switch element {
                    case .stdout(let bytes), .stderr(let bytes):
                        session.surface.write(bytes)
                        session.flushSurfaceOutput()
                    case .exit(let status, let signal):
                        if let signal {
                            ending = "the remote shell was killed by SIG\(signal)"
                        } else if let status {
                            ending = "the remote shell exited with status \(status)"
                        }
                    }
                    self?.onChange()
                }
                guard session.generation == generation else { return }
                session.status = .ended(ending)
            } catch {
                guard session.generation == generation else { return }
                session.status = .dropped((error as? SSHFailure)?.detail ?? String(describing: error))
            }
            session.disconnect()
            self?.onChange()
        }
    }

    /// Reconnects the focused pane when its Session is over (Reconnect never happens by itself
    /// after an authentication failure: the person asks for it).
    func reconnectFocusedPane() {
        guard let session = focusedSession, session.hostLabel != nil else {
            message = "this pane has no Host to reconnect to"
            return
        }
        guard session.status.canReconnect else {
            message = session.status == .connecting ? "already connecting" : "the Session is still connected"
            return
        }
        connect(session)
    }

    /// Closes pane `id`'s Session: its waiting interactions are withdrawn, its connection closed.
    func closeSession(_ id: PaneID) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        retireAttempt(of: session)
        session.disconnect()
    }

    private func retireAttempt(of session: PaneSession?) {
        guard let generation = session?.generation else { return }
        let interactions = self.interactions
        Task { await interactions.cancel(generation: generation) }
    }

    /// Opens a Recent Workspace: its layout with fresh panes, each terminal pane connecting to
    /// its Host (a Host no longer in the Vault restores as an empty pane).
    func openRecent(_ index: Int) {
        guard recent.indices.contains(index) else { return }
        let saved = recent.remove(at: index)
        let restored = Workspace(
            name: saved.name, restoring: saved.templateLayout, existingHostIDs: Set(hosts.map(\.id)))
        workspaces.append(restored)
        selectedWorkspace = workspaces.count - 1
        focus = .panes
        for pane in restored.panes {
            if pane.kind == .terminal, let host = host(id: pane.hostID) {
                startSession(for: pane.id, label: host.label.rawValue)
            } else {
                sessions[pane.id] = PaneSession(paneID: pane.id, hostLabel: nil, size: contentSize(of: pane.id, in: restored))
            }
        }
    }
}
