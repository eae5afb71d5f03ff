/// Whether `exec` runs its command on a PTY, as ssh's `-t`, `-tt` and `-T` say.
enum ExecTerminalRequest: Equatable, Sendable {
    /// No PTY (the default, and `-T`).
    case never
    /// `-t`: a PTY when standard input is a terminal.
    case whenTerminal
    /// `-tt`: a PTY even without a local terminal.
    case always

    init(ttyCount: Int, noTTY: Bool) throws(UsageError) {
        switch (ttyCount, noTTY) {
        case (0, _): self = .never
        case (_, true): throw UsageError("-t asks for a PTY and -T refuses one: give one of them")
        case (1, false): self = .whenTerminal
        default: self = .always
        }
    }

    func usesPTY(inputIsTerminal: Bool) -> Bool {
        switch self {
        case .never: false
        case .whenTerminal: inputIsTerminal
        case .always: true
        }
    }
}
