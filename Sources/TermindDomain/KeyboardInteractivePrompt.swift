/// One question of a keyboard-interactive round, as the server sent it.
///
/// A pure value; safe to pass between threads.
public struct KeyboardInteractivePrompt: Sendable, Hashable {
    /// The server's own prompt text, e.g. `Password: `.
    public let text: String
    /// Whether the answer may be shown while typed; when false it is hidden.
    public let echo: Bool

    public init(text: String, echo: Bool) {
        self.text = text
        self.echo = echo
    }
}
