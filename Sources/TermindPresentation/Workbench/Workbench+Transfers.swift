import TermindApplication
import TermindDomain

// The transfer queue in the workbench (docs/behaviour.md §4): the overlay `C-\ t` toggles, the
// conflict questions (on top of everything but an interaction dialog, one at a
// time), and the copies panes ask for. The queue itself runs in Application; here its answers
// come back as messages and redraws.

extension Workbench {
    /// The queue changed: a browser that shows the directory a transfer just finished into
    /// lists it again, so what was copied appears where it landed.
    func transfersChanged() {
        // The conflict question is open while the queue waits on one.
        if transfers?.state.questions.isEmpty == false {
            if overlays[TransferConflictQuestion.self] == nil { overlays.push(TransferConflictQuestion()) }
        } else {
            overlays.remove(TransferConflictQuestion.self)
        }
        var directories = Set<TransferAddress>()
        for item in transfers?.state.transfers ?? [] where item.state == .done && !transferQueue.landed.contains(item.id) {
            transferQueue.landed.insert(item.id)
            let path = item.destination.path
            let parent = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? path
            directories.insert(TransferAddress(location: item.destination.location, path: parent))
        }
        if !directories.isEmpty {
            for (id, pane) in panes {
                guard let browser = pane as? BrowserPane, let path = browser.path,
                    directories.contains(TransferAddress(location: browser.side.name, path: path))
                else { continue }
                run(browser.refresh(), for: id)
            }
        }
        onChange()
    }

    func toggleTransferQueue() {
        transferOverlay = transferOverlay == nil ? TransferQueueOverlay() : nil
        dispatcher.reset()
    }
}
