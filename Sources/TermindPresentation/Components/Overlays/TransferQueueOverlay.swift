import TermindApplication
import TermindDomain

/// The transfer queue overlay's own state (which line is selected) and what its keys mean:
/// ↑↓ select, p pause, r resume, c cancel (discard an interrupted one), C clear finished,
/// Escape or q close. The workbench runs what it answers on the queue.
struct TransferQueueOverlay {
    enum Command: Equatable {
        case none
        case close
        case pause(TransferQueueItem.ID)
        case resume(TransferQueueItem.ID)
        case cancel(TransferQueueItem.ID)
        case clearFinished
    }

    /// The selected line, kept on its item while lines come and go.
    var selected: TransferQueueItem.ID?

    static let hints = "↑↓ select · p pause · r resume · c cancel (discard) · C clear finished · Esc close"

    /// The selected line's index in `items` (the first when the selected item is gone).
    func index(in items: [TransferQueueItem]) -> Int {
        guard let selected, let index = items.firstIndex(where: { $0.id == selected }) else { return 0 }
        return index
    }

    mutating func handle(_ press: KeyPress, items: [TransferQueueItem]) -> Command {
        let current = index(in: items)
        let item = items.indices.contains(current) ? items[current] : nil
        switch press.key {
        case .escape: return .close
        case .up: select(current - 1, in: items)
        case .down: select(current + 1, in: items)
        case .pageUp: select(current - 10, in: items)
        case .pageDown: select(current + 10, in: items)
        case .delete: if let item, item.canCancel { return .cancel(item.id) }
        default:
            switch press.typedCharacter {
            case "q": return .close
            case "k": select(current - 1, in: items)
            case "j": select(current + 1, in: items)
            case "p": if let item, item.canPause { return .pause(item.id) }
            case "r": if let item, item.canResume { return .resume(item.id) }
            case "c", "x": if let item, item.canCancel { return .cancel(item.id) }
            case "C": return .clearFinished
            default: break
            }
        }
        return .none
    }

    private mutating func select(_ index: Int, in items: [TransferQueueItem]) {
        guard !items.isEmpty else { return }
        selected = items[min(max(0, index), items.count - 1)].id
    }
}
