import TermindApplication
import TermindDomain

// One authentication per Host: a pane on a Vault Host that shares (the default; `share off`
// turns it off) opens its shell or SFTP channel on the Host's live connection in
// `sharedConnections`, waiting for the one being opened if there is one. Losing that connection
// marks every pane on it lost, and Reconnect on any of them reconnects them all, together, on
// one new connection.

extension Workbench {
    /// Whether panes on `label` share one connection: a Vault Host that has not turned it off.
    /// An ad-hoc target connects on its own.
    func sharesConnection(_ label: String) -> Bool {
        hosts.first { $0.label.rawValue == label }?.sharesConnection ?? false
    }

    /// Opens `label`'s connection and a channel on it with `openChannel`. Sharing, the channel
    /// goes on the Host's live connection (no handshake, no interaction); if it cannot open
    /// there, a dead connection is replaced by a fresh shared one and a refused channel (the
    /// server's `MaxSessions`) gets a connection of its own. Not sharing, a connection of its
    /// own under the pane's `generation`, as before sharing existed.
    func openChannel<Channel: Sendable>(
        on label: String, for id: PaneID, generation: AttemptGeneration, forFiles: Bool,
        _ openChannel: @escaping @Sendable (any SSHConnection) async throws -> Channel
    ) async throws -> (channel: Channel, connection: PaneConnection) {
        let services = self.services, interactions = self.interactions
        let open: SharedConnections.Open = { [weak self] attempt in
            // A shared attempt's questions name the pane that started it.
            await self?.noteAttempt(attempt, by: id)
            defer { Task { @MainActor [weak self] in self?.sharing.attempts[attempt] = nil } }
            return forFiles
                ? try await services.connectForFiles(hostLabel: label, interactions: interactions, generation: attempt)
                : try await services.connect(hostLabel: label, interactions: interactions, generation: attempt)
        }
        guard sharesConnection(label) else {
            return try await Self.openOwn(open, generation: generation, openChannel)
        }
        let shared = sharedConnections
        let lease = try await shared.acquire(label, open: open)
        do {
            let channel = try await openChannel(lease.connection)
            // A session on another pane's connection is in the Connection History as one of its own.
            if !lease.openedConnection { await services.recordSession(hostLabel: label, forFiles: forFiles) }
            return (channel, PaneConnection(connection: lease.connection, lease: lease))
        } catch {
            if error is CancellationError || Task.isCancelled {
                await shared.release(lease)
                throw error
            }
            guard (error as? SSHFailure)?.kind != .channel else {
                // The server's session limit: a pane comes before the status bar's metrics, so
                // a sampler on this connection gives its channel back first.
                if let sampler = yieldMetrics(of: label) {
                    await sampler.value
                    // sshd frees the session once it has handled the close and reaped the
                    // sampler's process: a loaded server may take a moment.
                    for attempt in 0..<10 {
                        if attempt > 0 { try? await Task.sleep(for: .milliseconds(100)) }
                        if let channel = try? await openChannel(lease.connection) {
                            if !lease.openedConnection { await services.recordSession(hostLabel: label, forFiles: forFiles) }
                            return (channel, PaneConnection(connection: lease.connection, lease: lease))
                        }
                    }
                }
                // Refused on a live connection: this pane connects on its own.
                await shared.release(lease)
                return try await Self.openOwn(open, generation: generation, openChannel)
            }
            // The connection died since: a fresh one, shared by whoever comes next.
            await shared.discard(lease)
            let fresh = try await shared.acquire(label, open: open)
            do {
                let channel = try await openChannel(fresh.connection)
                if !fresh.openedConnection { await services.recordSession(hostLabel: label, forFiles: forFiles) }
                return (channel, PaneConnection(connection: fresh.connection, lease: fresh))
            } catch {
                await shared.release(fresh)
                throw error
            }
        }
    }

    private nonisolated static func openOwn<Channel: Sendable>(
        _ open: SharedConnections.Open, generation: AttemptGeneration,
        _ openChannel: @Sendable (any SSHConnection) async throws -> Channel
    ) async throws -> (channel: Channel, connection: PaneConnection) {
        let connection = try await open(generation)
        do {
            return (try await openChannel(connection), PaneConnection(connection: connection, lease: nil))
        } catch {
            await connection.close()
            throw error
        }
    }

    private func noteAttempt(_ attempt: AttemptGeneration, by id: PaneID) {
        sharing.attempts[attempt] = id
    }

    /// Lets go of a pane's connection: its hold released when shared (the connection closes
    /// with its last holder), else closed.
    nonisolated static func letGo(_ paneConnection: PaneConnection, in shared: SharedConnections) async {
        if let lease = paneConnection.lease {
            await shared.release(lease)
        } else {
            await paneConnection.connection.close()
        }
    }

    // MARK: - Lost together, reconnected together

    /// Pane `id`'s Session lost its connection: when it was shared, the connection is
    /// forgotten and every other pane on it is told it is lost too, and remembered with it so
    /// Reconnect on any of them brings them all back together.
    func sharedConnectionLost(by id: PaneID, lease: SharedConnectionLease?, detail: String) {
        guard let lease else { return }
        let shared = sharedConnections
        Task { await shared.discard(lease) }
        let key = LostConnection(label: lease.label, number: lease.connectionNumber)
        sharing.lostTogether[id] = key
        for (other, link) in links where other != id && link.lease.map(LostConnection.init) == key {
            guard let generation = link.generation else { continue }
            sharing.lostTogether[other] = key
            deliver(.connectionLost(generation, detail), to: other)
        }
        for (other, link) in browserLinks where other != id && link.lease.map(LostConnection.init) == key {
            guard let generation = link.generation else { continue }
            sharing.lostTogether[other] = key
            deliver(.connectionLost(generation, detail), to: other)
        }
    }

    /// Pane `id` starts a new attempt (Reconnect, Enter in a lost pane, a browser's `r`): the
    /// panes lost with it reconnect too; their connections are asked for together, so the Host
    /// authenticates once.
    func reconnectCompanions(of id: PaneID) {
        guard let key = sharing.lostTogether.removeValue(forKey: id) else { return }
        let companions = sharing.lostTogether.filter { $0.value == key }.map(\.key)
        for companion in companions {
            sharing.lostTogether[companion] = nil
            deliver(.reconnect, to: companion)
        }
    }
}
