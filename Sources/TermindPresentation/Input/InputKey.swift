/// Which key was pressed, whatever the bytes the terminal used for it.
/// A plain value; safe to pass between threads.
public enum InputKey: Hashable, Sendable {
    /// A key that types a character (also what Ctrl and Alt are combined with: Ctrl-A is
    /// `.character("a")` with `.control`).
    case character(Character)
    case enter
    case tab
    case backspace
    case escape
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    case insert
    case delete
    /// F1 to F12 (`.function(1)` is F1).
    case function(Int)
}
