import TermindApplication
import TermindDomain

/// The forwards overlay's own state (which line is selected) and what its keys mean: ↑↓ (or
/// j k) select, Enter or space turns the selected forward off or on for this run, Escape or q
/// closes. The workbench lists the rows and runs the toggle.
struct ForwardsOverlay {
    /// One forward as the overlay lists it.
    struct Row: Equatable {
        enum State: Equatable {
            /// Turned off (on the Host, or here for this run).
            case stopped
            /// On, and waiting for a pane of its Host to connect.
            case waiting
            case starting
            case listening(ForwardListening)
            case failed(String)
        }

        let hostLabel: String
        let rule: ForwardRule
        let state: State
    }

    enum Command: Equatable {
        case none
        case close
        case toggle(Row)
    }

    /// The selected line.
    var selected = 0

    static let hints = "↑↓ select · Enter/space turn on or off (this run) · Esc close"

    /// The selected line's index in `rows`, kept inside it.
    func index(in rows: [Row]) -> Int { rows.isEmpty ? 0 : min(max(0, selected), rows.count - 1) }

    mutating func handle(_ press: KeyPress, rows: [Row]) -> Command {
        let current = index(in: rows)
        switch press.key {
        case .escape: return .close
        case .up: select(current - 1, in: rows)
        case .down: select(current + 1, in: rows)
        case .pageUp: select(current - 10, in: rows)
        case .pageDown: select(current + 10, in: rows)
        case .enter: if rows.indices.contains(current) { return .toggle(rows[current]) }
        default:
            switch press.typedCharacter {
            case "q": return .close
            case "k": select(current - 1, in: rows)
            case "j": select(current + 1, in: rows)
            case " ": if rows.indices.contains(current) { return .toggle(rows[current]) }
            default: break
            }
        }
        return .none
    }

    private mutating func select(_ index: Int, in rows: [Row]) {
        guard !rows.isEmpty else { return }
        selected = min(max(0, index), rows.count - 1)
    }
}
