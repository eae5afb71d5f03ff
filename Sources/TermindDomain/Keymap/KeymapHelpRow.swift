/// One row of the help overlay: the keys to press, the action and what it does.
public struct KeymapHelpRow: Sendable, Hashable {
    /// Every trigger of the action with the actual prefix key, direct ones first:
    /// `M-Left, C-\ Left`.
    public let keys: String
    public let action: KeyAction
    public let description: String

    public init(keys: String, action: KeyAction, description: String) {
        self.keys = keys
        self.action = action
        self.description = description
    }
}

extension Keymap {
    /// One row per bound action, in a stable order: actions as `KeyAction.Name` lists them (splits,
    /// close, focus, resize, swap, zoom, Workspaces, tools, quit), then by argument.
    public func helpRows() -> [KeymapHelpRow] {
        let actions = Set(bindings.values).sorted(by: KeymapOrder.actions)
        return actions.map { action in
            KeymapHelpRow(
                keys: triggers(for: action).map { $0.keysText(prefix: prefix) }.joined(separator: ", "),
                action: action, description: action.summary)
        }
    }
}
