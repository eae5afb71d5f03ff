/// A mouse report from the terminal (SGR mode 1006): what happened, where, with which
/// modifiers. Rows and columns count from 0 at the top left of the screen.
/// A plain value; safe to pass between threads.
public struct MouseEvent: Hashable, Sendable {
    public enum Button: Hashable, Sendable {
        case left
        case middle
        case right
        /// Buttons 8 to 11 (back, forward and others), numbered as xterm numbers them.
        case other(Int)
    }

    public enum Kind: Hashable, Sendable {
        case press(Button)
        case release(Button)
        /// Motion with a button held.
        case drag(Button)
        /// Motion with no button held (only with any-event tracking, mode 1003).
        case move
        case scrollUp
        case scrollDown
        case scrollLeft
        case scrollRight
    }

    public var kind: Kind
    public var column: Int
    public var row: Int
    /// Shift, Alt (xterm's "meta" bit) and Ctrl.
    public var modifiers: KeyModifiers

    public init(kind: Kind, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}
