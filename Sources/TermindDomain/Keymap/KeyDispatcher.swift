/// Turns key presses into actions: the prefix key, then the key after it, or a direct binding.
/// The TUI feeds every decoded key through it before a pane sees it. A value the update function
/// keeps in its model; it lives wherever the model lives (the main actor).
public struct KeyDispatcher: Sendable, Hashable {
    /// What a key press came to.
    public enum Outcome: Sendable, Hashable {
        /// Do this.
        case perform(KeyAction)
        /// The prefix was pressed: wait for the next key (the TUI can show that it is waiting).
        case awaitingKey
        /// Not Termind's: send the key to the focused pane (or the broadcast set).
        case passThrough
        /// A key after the prefix that nothing is bound to: dropped, as tmux does.
        case unbound
    }

    public var keymap: Keymap
    /// True between the prefix and the key after it.
    public private(set) var isAwaitingKey = false

    public init(keymap: Keymap) { self.keymap = keymap }

    public mutating func handle(_ key: Key) -> Outcome {
        if isAwaitingKey {
            isAwaitingKey = false
            return keymap.actionAfterPrefix(key).map(Outcome.perform) ?? .unbound
        }
        if key == keymap.prefix {
            isAwaitingKey = true
            return .awaitingKey
        }
        return keymap.action(for: .direct(key)).map(Outcome.perform) ?? .passThrough
    }

    /// Forgets a pressed prefix (focus lost, a dialog opened).
    public mutating func reset() { isAwaitingKey = false }
}
