/// Finds the `ShellMark`s in a stream of terminal output without interpreting anything else:
/// for `termind ssh`, whose output goes to the person's own terminal as it is. OSC strings
/// (`ESC ]` ... `BEL` or `ESC \`) are collected across writes, a byte at a time if need be; one
/// longer than `limit` is skipped whole, so a server cannot make it hold more than that.
///
/// A value owned by one reader; not shared.
public struct ShellMarkScanner: Sendable {
    private enum State {
        case ground
        case escape
        case osc
        case oscEscape
        /// Inside an OSC that went over the limit: dropped up to its end.
        case skipping
        case skippingEscape
    }

    /// The longest OSC string collected, in bytes (as the pane's parser allows).
    public let limit: Int
    /// The session's token: only marks carrying it count (`ShellMark`).
    public let token: ShellMarkToken?
    private var state = State.ground
    private var collected: [UInt8] = []

    public init(limit: Int = 16 * 1024, token: ShellMarkToken? = nil) {
        self.limit = limit
        self.token = token
    }

    /// The marks completed by `bytes`, in order.
    public mutating func scan(_ bytes: some Sequence<UInt8>) -> [ShellMark] {
        var marks: [ShellMark] = []
        for byte in bytes {
            switch state {
            case .ground:
                if byte == 0x1B { state = .escape }
            case .escape:
                if byte == UInt8(ascii: "]") {
                    state = .osc
                    collected.removeAll(keepingCapacity: true)
                } else {
                    state = byte == 0x1B ? .escape : .ground
                }
            case .osc:
                switch byte {
                case 0x07: finish(into: &marks)
                case 0x1B: state = .oscEscape
                case 0x18, 0x1A: state = .ground  // CAN and SUB cancel the string
                default:
                    if collected.count < limit {
                        collected.append(byte)
                    } else {
                        collected.removeAll()
                        state = .skipping
                    }
                }
            case .oscEscape:
                // `ESC \` ends the string; any other ESC ends it too and starts a new sequence.
                finish(into: &marks)
                state = byte == UInt8(ascii: "\\") ? .ground : (byte == UInt8(ascii: "]") ? .osc : .ground)
            case .skipping:
                if byte == 0x07 || byte == 0x18 || byte == 0x1A { state = .ground }
                if byte == 0x1B { state = .skippingEscape }
            case .skippingEscape:
                state = byte == UInt8(ascii: "]") ? .osc : .ground
                collected.removeAll(keepingCapacity: true)
            }
        }
        return marks
    }

    private mutating func finish(into marks: inout [ShellMark]) {
        if let mark = ShellMark(osc: collected, token: token) { marks.append(mark) }
        collected.removeAll(keepingCapacity: true)
        state = .ground
    }
}
