import TermindApplication
import TermindDomain

// Reconnecting by itself: a terminal pane whose connection was lost, on a Host set to
// `reconnect auto` whose login needs no person, counts down 1, 2, 4 … 60 s (`ReconnectBackoff`)
// on the workbench's clock and reconnects (its companions on a shared connection with it). Esc
// in the pane stops it; a Host that asks for a password, a passphrase or MFA waits for the person.

extension Workbench {
    /// Whether a lost pane of `label` may reconnect without the person: a Vault Host set to
    /// `auto` whose Identity holds no password and whose connections never asked the person for a
    /// credential in this run (a key without a passphrase, or the agent).
    func reconnectsByItself(_ label: String) -> Bool {
        guard let host = hosts.first(where: { $0.label.rawValue == label }), host.reconnect == .auto else { return false }
        if let identityID = host.identityID, vault.identities.first(where: { $0.id == identityID })?.hasPassword == true {
            return false
        }
        return !dialogs.askedForCredentials.contains(label)
    }

    /// Pane `id` lost its connection (or an automatic attempt failed): when its Host reconnects
    /// by itself, the pane counts down its next wait, a tick a second on `services.clock`.
    func reconnectByItself(_ id: PaneID) {
        guard let pane = panes[id] as? TerminalPane, pane.mayReconnectByItself, pane.reconnectCountdown == nil,
            let label = pane.hostLabel, reconnectsByItself(label)
        else { return }
        deliver(.reconnectByItself, to: id)
        sharing.reconnectTimers.removeValue(forKey: id)?.cancel()
        let clock = services.clock
        sharing.reconnectTimers[id] = Task { [weak self] in
            while !Task.isCancelled {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                guard let self, let pane = self.panes[id] as? TerminalPane, pane.reconnectCountdown != nil else { return }
                self.deliver(.reconnectTick, to: id)
                self.onChange()
            }
        }
    }
}
