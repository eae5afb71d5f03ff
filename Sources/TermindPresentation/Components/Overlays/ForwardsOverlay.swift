import TermindApplication
import TermindDomain

/// The forwards overlay's own state (which line is selected) and what its keys mean: ↑↓ (or
/// j k) select, Enter or space turns the selected forward off or on for this run, `a` (F7,
/// Insert) adds a rule to the selected line's Host, `e` (F6) changes the selected rule, `d`
/// (F8, Delete) removes it after a question, Escape or q closes. The workbench lists the rows,
/// runs the toggle and opens the editor and the question.
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
        /// A new rule, for this Host first (the selected line's; nil: none is listed).
        case add(host: String?)
        case edit(Row)
        case remove(Row)
    }

    /// The selected line.
    var selected = 0

    /// The keys, as the bottom lines list them (wrapped between items on a narrow screen).
    static let hints = ["↑↓ select", "Enter/space on/off (this run)", "a add", "e edit", "d remove (in the Vault)", "Esc close"]

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
        case .function(7), .insert: return .add(host: rows.indices.contains(current) ? rows[current].hostLabel : nil)
        case .function(6): if rows.indices.contains(current) { return .edit(rows[current]) }
        case .function(8), .delete: if rows.indices.contains(current) { return .remove(rows[current]) }
        default:
            switch press.typedCharacter {
            case "q": return .close
            case "k": select(current - 1, in: rows)
            case "j": select(current + 1, in: rows)
            case " ": if rows.indices.contains(current) { return .toggle(rows[current]) }
            case "a": return .add(host: rows.indices.contains(current) ? rows[current].hostLabel : nil)
            case "e": if rows.indices.contains(current) { return .edit(rows[current]) }
            case "d": if rows.indices.contains(current) { return .remove(rows[current]) }
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
