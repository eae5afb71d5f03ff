/// What Quick Open, the Snippet picker and the history overlay share: a query typed to filter,
/// and the selected row among what it matches, moved and edited by the same keys.
@MainActor
protocol QueryPicker {
    var query: String { get set }
    var selection: Int { get set }
}

/// What a key did to a picker's query or selection.
enum QueryPickerEdit {
    case moved
    case queryChanged
    /// Backspace on an empty query, or a key that types nothing.
    case nothing
}

extension QueryPicker {
    /// The keys every picker reads alike: ↑/↓ and `C-p`/`C-n` move among `matchCount` rows;
    /// Backspace, `C-u` and a typed character edit the query, and the selection goes back to
    /// the first match. Nil for any other key, which the picker reads itself.
    mutating func editQuery(_ press: KeyPress, matchCount: Int) -> QueryPickerEdit? {
        switch press.key {
        case .up:
            selection = max(0, selection - 1)
            return .moved
        case .down:
            selection = min(max(0, matchCount - 1), selection + 1)
            return .moved
        case .character("p") where press.modifiers == .control:
            selection = max(0, selection - 1)
            return .moved
        case .character("n") where press.modifiers == .control:
            selection = min(max(0, matchCount - 1), selection + 1)
            return .moved
        case .backspace:
            guard !query.isEmpty else { return .nothing }
            query.removeLast()
        case .character("u") where press.modifiers == .control:
            query = ""
        default:
            guard let character = press.typedCharacter else { return .nothing }
            query.append(character)
        }
        selection = 0
        return .queryChanged
    }
}
