import TermindApplication
import TermindDomain

// A Host's forwards in the workbench (docs/behaviour.md, "Forwards in the workbench"): its
// enabled rules listen on the connection of its first pane to connect (the shared one, or the
// first pane's own with `share off`), stop with that connection, and listen again on the next
// one (a reconnect, or another pane of the Host still connected). A rule that cannot listen (a
// port in use) fails alone: the panes go on. The overlay lists them and turns them off or on
// for this run, never writing the Vault (adding, changing and removing rules does:
// `Workbench+ForwardEditing`).

extension Workbench {
    // MARK: - Starting with the first session

    /// A pane of `label` connected on `connection`: the Host's forwards start there unless they
    /// already run on another of its connections.
    func startForwards(of label: String, on connection: any SSHConnection) {
        let identity = ForwardRuns.identity(of: connection)
        // A new connection may reuse an ended one's address.
        forwardRuns.ended.remove(identity)
        guard forwardRuns.sessions[label] == nil, let host = hosts.first(where: { $0.label.rawValue == label }),
              !host.forwards.isEmpty
        else { return }
        let number = forwardRuns.nextSession
        forwardRuns.nextSession += 1
        forwardRuns.sessions[label] = ForwardRuns.Session(number: number, connection: connection, identity: identity)
        for forward in host.forwards {
            let key = ForwardRuns.Key(hostLabel: label, rule: forward.rule)
            if forwardRuns.runs(key, onHost: forward.enabled) { startForward(key, session: number, on: connection) }
        }
        Task { [weak self] in
            let failure = await connection.waitUntilEnded()
            self?.forwardSessionEnded(label, number: number, identity: identity, lost: failure != nil)
        }
    }

    private func startForward(_ key: ForwardRuns.Key, session number: Int, on connection: any SSHConnection) {
        forwardRuns.statuses[key] = .starting
        Task { [weak self] in
            let status: ForwardRuns.Status
            do {
                let listening = try await connection.forward(key.rule)
                guard let self, self.forwardRuns.sessions[key.hostLabel]?.number == number,
                      self.forwardRuns.statuses[key] == .starting
                else {
                    // Turned off, or the session ended, while it was starting.
                    await connection.stopForward(listening)
                    return
                }
                status = .listening(listening)
            } catch let failure as ForwardFailure {
                status = .failed(failure.detail)
            } catch let failure as SSHFailure {
                status = .failed(failure.detail)
            } catch {
                status = .failed(String(describing: error))
            }
            guard let self, self.forwardRuns.sessions[key.hostLabel]?.number == number,
                  self.forwardRuns.statuses[key] == .starting
            else { return }
            self.forwardRuns.statuses[key] = status
            self.onChange()
        }
    }

    /// The connection the Host's forwards ran on ended (its last pane closed, or it was lost):
    /// they stop, and start again on another connected pane of the Host, if one is left.
    private func forwardSessionEnded(_ label: String, number: Int, identity: ObjectIdentifier, lost: Bool) {
        forwardRuns.ended.insert(identity)
        guard forwardRuns.sessions[label]?.number == number else { return }
        forwardRuns.sessions[label] = nil
        for key in forwardRuns.statuses.keys where key.hostLabel == label {
            forwardRuns.statuses[key] = .idle
        }
        if let connection = liveConnection(of: label) { startForwards(of: label, on: connection) }
        onChange()
    }

    /// The connection of a live pane of `label` that has not ended, if any.
    private func liveConnection(of label: String) -> (any SSHConnection)? {
        for id in workspaces.flatMap({ $0.panes.map(\.id) }) {
            guard panes[id]?.hostLabel == label, panes[id]?.isLive == true, let connection = links[id]?.sessionConnection,
                  !forwardRuns.ended.contains(ForwardRuns.identity(of: connection))
            else { continue }
            return connection
        }
        return nil
    }

    /// Another process changed Hosts' rules: on a Host whose forwards run, a rule gone from
    /// the Vault (or turned off there, and not on in the overlay) stops listening and a new
    /// enabled one starts; a Host that had no rules when it connected starts its new ones on
    /// a live pane's connection. Rules that failed are left as they are.
    func forwardRulesChanged() {
        for host in hosts {
            let label = host.label.rawValue
            guard let session = forwardRuns.sessions[label] else {
                if !host.forwards.isEmpty, let connection = liveConnection(of: label) { startForwards(of: label, on: connection) }
                continue
            }
            let wanted = Set(host.forwards.filter {
                forwardRuns.runs(ForwardRuns.Key(hostLabel: label, rule: $0.rule), onHost: $0.enabled)
            }.map(\.rule))
            for (key, status) in forwardRuns.statuses where key.hostLabel == label && !wanted.contains(key.rule) {
                if case .listening(let listening) = status { Task { await session.connection.stopForward(listening) } }
                forwardRuns.statuses[key] = host.forwards.contains { $0.rule == key.rule } ? .idle : nil
            }
            for rule in wanted {
                let key = ForwardRuns.Key(hostLabel: label, rule: rule)
                if forwardRuns.status(key) == .idle { startForward(key, session: session.number, on: session.connection) }
            }
        }
    }

    /// The Host left the Vault: its forwards close now, whatever still holds its connection
    /// (a metrics pane, the transfer queue).
    func stopForwards(of label: String) {
        guard let session = forwardRuns.sessions.removeValue(forKey: label) else { return }
        for (key, status) in forwardRuns.statuses where key.hostLabel == label {
            if case .listening(let listening) = status {
                Task { await session.connection.stopForward(listening) }
            }
            forwardRuns.statuses[key] = nil
        }
    }

    // MARK: - The overlay

    /// The forwards of the Hosts with a pane in the shown Workspace, then of any other Host
    /// whose forwards run, in that order.
    var forwardRows: [ForwardsOverlay.Row] {
        var rows: [ForwardsOverlay.Row] = []
        for label in forwardHostLabels {
            guard let host = hosts.first(where: { $0.label.rawValue == label }) else { continue }
            for forward in host.forwards {
                let key = ForwardRuns.Key(hostLabel: label, rule: forward.rule)
                let state: ForwardsOverlay.Row.State
                if !forwardRuns.runs(key, onHost: forward.enabled) {
                    state = .stopped
                } else {
                    switch forwardRuns.status(key) {
                    case .idle: state = .waiting
                    case .starting: state = .starting
                    case .listening(let listening): state = .listening(listening)
                    case .failed(let detail): state = .failed(detail)
                    }
                }
                rows.append(ForwardsOverlay.Row(hostLabel: label, rule: forward.rule, state: state))
            }
        }
        return rows
    }

    /// The Hosts the overlay lists (those with a pane in the shown Workspace, then any other
    /// whose forwards run), as the Vault has them.
    var forwardHostLabels: [String] {
        var labels: [String] = []
        for pane in workspace.panes {
            if let label = panes[pane.id]?.hostLabel, !labels.contains(label) { labels.append(label) }
        }
        for label in forwardRuns.sessions.keys.sorted() where !labels.contains(label) { labels.append(label) }
        return labels.filter { label in hosts.contains { $0.label.rawValue == label } }
    }

    func toggleForwardsOverlay() {
        if forwardsOverlay == nil {
            forwardsOverlay = ForwardsOverlay()
            // Counters change without events: the overlay is drawn again twice a second.
            forwardRuns.refresh?.cancel()
            forwardRuns.refresh = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(500))
                    guard let self, self.forwardsOverlay != nil else { return }
                    self.onChange()
                }
            }
        } else {
            closeForwardsOverlay()
        }
        dispatcher.reset()
    }

    private func closeForwardsOverlay() {
        forwardsOverlay = nil
        forwardRuns.refresh?.cancel()
        forwardRuns.refresh = nil
    }

    /// Turns a forward off (its listener stops; connections through it go on) or on (it
    /// listens now if its Host has a session, else when one connects), for this run only.
    func toggleForward(_ row: ForwardsOverlay.Row) {
        let key = ForwardRuns.Key(hostLabel: row.hostLabel, rule: row.rule)
        let session = forwardRuns.sessions[row.hostLabel]
        if row.state == .stopped {
            forwardRuns.choices[key] = true
            if let session {
                startForward(key, session: session.number, on: session.connection)
            } else {
                forwardRuns.statuses[key] = .idle
            }
            message = "forward \(TerminalSafeText(row.rule.stored).text) turned on for this run"
        } else {
            forwardRuns.choices[key] = false
            if let listening = forwardRuns.listening(key), let connection = session?.connection {
                Task { await connection.stopForward(listening) }
            }
            forwardRuns.statuses[key] = .idle
            message = "forward \(TerminalSafeText(row.rule.stored).text) turned off for this run"
        }
    }
}
