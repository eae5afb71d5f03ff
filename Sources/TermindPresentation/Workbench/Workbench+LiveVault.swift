import Foundation
import TermindDomain

// The live Vault (docs/behaviour.md §5): another termind may add, edit or remove Hosts while the
// workbench runs. A counter the services read (SQLite's data_version) is read after each write
// to the Vault's files (inotify), or, where writes cannot be watched, polled once a second; when
// it moves, the Hosts are read again. A Host that is gone ends the sessions of
// its panes (each says why) and leaves the Recent Workspaces.

extension Workbench {
    /// How often the Vault's change counter is read while the workbench runs.
    static let vaultPollInterval = Duration.seconds(1)

    /// Starts watching the Vault, unless the services say nothing else can write to it.
    func watchVault() {
        vault.watch?.cancel()
        vault.watch = Task { [weak self, services] in
            // Watching starts before the first read, so a write in between is not missed.
            let writes = services.vaultWrites()
            guard var seen = await services.vaultChangeCounter() else { return }
            if let writes {
                // Woken only by writes: an idle workbench never wakes for the Vault.
                for await _ in writes {
                    guard let counter = await services.vaultChangeCounter(), !Task.isCancelled else { return }
                    guard counter != seen else { continue }
                    seen = counter
                    guard let self else { return }
                    await self.vaultChanged()
                }
                return
            }
            let clock = services.clock
            while !Task.isCancelled {
                try? await clock.sleep(for: Self.vaultPollInterval)
                guard let counter = await services.vaultChangeCounter(), !Task.isCancelled else { return }
                guard counter != seen else { continue }
                seen = counter
                guard let self else { return }
                await self.vaultChanged()
            }
        }
    }

    /// Reads the Hosts again and lets go of what belonged to Hosts that are gone.
    func vaultChanged() async {
        let before = hosts
        await reloadHosts()
        let removed = Set(before.map(\.id)).subtracting(hosts.map(\.id))
        if !removed.isEmpty {
            let labels = Set(before.filter { removed.contains($0.id) }.map(\.label.rawValue))
            hostsRemoved(removed)
            for label in labels { stopForwards(of: label) }
            stopTransfers(of: labels)
        }
        forwardRulesChanged()
        onChange()
    }

    /// The transfers to or from removed Hosts stop, their partials kept (paused: `c` in the
    /// queue discards one); nothing more is read from or written to a Host that is gone.
    private func stopTransfers(of labels: Set<String>) {
        guard let transfers else { return }
        let stopping = transfers.state.activeItems(touching: labels)
        guard !stopping.isEmpty else { return }
        Task { for item in stopping { await transfers.pause(item.id) } }
        message = "a Host was removed from the Vault: \(stopping.count) transfer\(stopping.count == 1 ? "" : "s") paused"
    }

    private func hostsRemoved(_ removed: Set<UUID>) {
        var ended = 0
        for workspace in workspaces {
            for pane in workspace.panes {
                guard let hostID = pane.hostID, removed.contains(hostID), let component = panes[pane.id] else { continue }
                let effects = component.update(.hostRemoved)
                if !effects.isEmpty { ended += 1 }
                run(effects, for: pane.id)
            }
        }
        pruneBroadcast()
        recent.removeAll { saved in saved.panes.contains { pane in pane.hostID.map { removed.contains($0) } ?? false } }
        if ended > 0 { message = "a Host was removed from the Vault: \(ended) pane\(ended == 1 ? "" : "s") closed its session" }
    }
}
