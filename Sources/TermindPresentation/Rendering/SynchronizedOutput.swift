/// Which frames `ScreenRenderer` wraps in synchronized output (DEC mode 2026: the terminal
/// shows what comes between the brackets only once it is all there). The brackets cost 16
/// bytes; a small frame gains nothing by them, since a terminal reads one small write whole
/// before it draws (a pseudo-terminal hands over 4 KiB a read), as tmux leaves them off its
/// own small updates. A plain value.
public enum SynchronizedOutput: Hashable, Sendable {
    /// Every frame.
    case always
    /// Only a frame whose own bytes are more than this many.
    case above(bytes: Int)

    /// What the workbench uses: a typed character's echo or a cursor move goes out bare, a
    /// frame that redraws lines keeps the brackets.
    public static let largeFramesOnly = SynchronizedOutput.above(bytes: 256)

    /// True when a frame of `bodyLength` bytes (without the brackets) is wrapped.
    func wraps(bodyLength: Int) -> Bool {
        switch self {
        case .always: true
        case .above(let bytes): bodyLength > bytes
        }
    }
}
