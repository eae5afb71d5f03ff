import Foundation
import TermindApplication
import TermindDomain

// The pane's command history: the shell integration's marks, taken from the surface after each
// write, go through `CommandRecorder`'s rules; each command they complete is an effect that
// stores it (docs/behaviour.md §3). Only a shell opened on an authenticated connection with
// the integration gets a recorder, so nothing else makes rows.

extension TerminalPane {
    /// Starts recording for the shell just opened, for Vault Host `hostID`; marks that came
    /// before it are dropped, and from now on only marks carrying `token` count.
    func startHistory(for hostID: UUID, token: ShellMarkToken) {
        surface.shellMarkToken = token
        surface.shellMarks = []
        commandRecorder = CommandRecorder(hostID: hostID)
    }

    /// The rows the marks written since the last call complete.
    func commandRecords(at now: Date = Date()) -> [PaneEffect] {
        guard !surface.shellMarks.isEmpty else { return [] }
        let marks = surface.shellMarks
        surface.shellMarks = []
        guard commandRecorder != nil else { return [] }
        return marks.compactMap { commandRecorder?.observe($0, at: now) }.map(PaneEffect.recordCommand)
    }
}
