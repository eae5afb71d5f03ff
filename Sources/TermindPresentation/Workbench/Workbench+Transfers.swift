import TermindApplication
import TermindDomain

// The transfer queue in the workbench (docs/behaviour.md §4): the overlay `C-\ t` toggles, its
// keys, the conflict questions (on top of everything but an interaction dialog, one at a
// time), and the copies panes ask for. The queue itself runs in Application; here its answers
// come back as messages and redraws.

extension Workbench {
    /// The conflict on screen, if any: the first the queue waits on.
    var transferQuestion: TransferQueueQuestion? { transfers?.state.questions.first }

    /// The queue changed: a browser that shows the directory a transfer just finished into
    /// lists it again, so what was copied appears where it landed.
    func transfersChanged() {
        var directories = Set<TransferAddress>()
        for item in transfers?.state.transfers ?? [] where item.state == .done && !landedTransfers.contains(item.id) {
            landedTransfers.insert(item.id)
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

    /// A key while the overlay is open; the prefix still reaches the keymap (so `C-\ t`
    /// closes it and other bindings work).
    func handleTransferQueueKey(_ press: KeyPress) {
        guard var overlay = transferOverlay else { return }
        let items = transfers?.state.items ?? []
        let command = overlay.handle(press, items: items)
        transferOverlay = overlay
        switch command {
        case .none: break
        case .close: transferOverlay = nil
        default: run(.controlTransfer(command))
        }
    }

    /// o, s, k answer for this file; O, S, K for the rest of its Batch; Escape skips.
    func handleTransferQuestionKey(_ press: KeyPress, _ question: TransferQueueQuestion) {
        let answer: ConflictAnswer?
        if press.key == .escape {
            answer = ConflictAnswer(.skip)
        } else {
            switch press.typedCharacter {
            case "o": answer = ConflictAnswer(.overwrite)
            case "s": answer = ConflictAnswer(.skip)
            case "k": answer = ConflictAnswer(.keepBoth)
            case "O": answer = ConflictAnswer(.overwrite, applyToRest: true)
            case "S": answer = ConflictAnswer(.skip, applyToRest: true)
            case "K": answer = ConflictAnswer(.keepBoth, applyToRest: true)
            default: answer = nil
            }
        }
        if let answer { transfers?.answer(question.id, answer) }
    }
}
