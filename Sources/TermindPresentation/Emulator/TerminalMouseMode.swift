/// Which mouse events the remote program asked to receive (xterm modes 1000, 1002, 1003),
/// as libvterm reports them. A plain value; safe to pass between threads.
public enum TerminalMouseMode: Hashable, Sendable {
    /// No reporting: the mouse belongs to Termind (selection, focus).
    case none
    /// Button presses and releases (`CSI ?1000h`).
    case click
    /// Presses, releases and motion while a button is held (`CSI ?1002h`).
    case drag
    /// Every motion (`CSI ?1003h`).
    case move
}
