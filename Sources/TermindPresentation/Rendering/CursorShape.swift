/// How the terminal draws the cursor (DECSCUSR, `CSI n SP q`), as a pane's program or a Termind
/// text field asks for it. A plain value; safe to pass between threads.
public enum CursorShape: Hashable, Sendable {
    /// Whatever the person configured in their terminal (`CSI 0 SP q`).
    case `default`
    case block(blinking: Bool)
    case underline(blinking: Bool)
    case bar(blinking: Bool)

    /// The DECSCUSR parameter.
    var decscusrParameter: Int {
        switch self {
        case .default: 0
        case .block(let blinking): blinking ? 1 : 2
        case .underline(let blinking): blinking ? 3 : 4
        case .bar(let blinking): blinking ? 5 : 6
        }
    }
}
