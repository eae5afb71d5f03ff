/// One thing the person did at the terminal, decoded from the bytes it sent: a key, a paste, a
/// mouse action, or the terminal window gaining or losing focus.
/// A plain value; safe to pass between threads.
public enum InputEvent: Hashable, Sendable {
    case key(KeyPress)
    /// A bracketed paste (`ESC[200~` … `ESC[201~`): the bytes exactly as pasted, so a pasted
    /// "q" or ESC is never taken as a command.
    case paste([UInt8])
    case mouse(MouseEvent)
    /// Focus reporting (mode 1004): the terminal window became active.
    case focusGained
    case focusLost

    /// A pasted text's UTF-8 decoded, invalid bytes as U+FFFD.
    public var pastedText: String? {
        guard case .paste(let bytes) = self else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
