/// The modifier keys held with a key or a mouse event, as xterm reports them (its modifier
/// parameter is 1 + the sum of these bits). A plain value; safe to pass between threads.
///
/// Shift is not reported for a character key: the character is already the shifted one ("A",
/// not Shift-"a").
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Alt (Option): xterm's "meta sends escape" puts ESC in front of the key.
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
    /// The Super / Meta key, when the terminal reports it at all.
    public static let meta = KeyModifiers(rawValue: 1 << 3)

    /// From xterm's modifier parameter (`CSI 1 ; 5 A`: 5 is Ctrl); nil or 1 means none.
    init(xtermParameter parameter: Int?) {
        guard let parameter, parameter > 1 else {
            self = []
            return
        }
        self = KeyModifiers(rawValue: UInt8(truncatingIfNeeded: parameter - 1) & 0x0F)
    }

    /// xterm's modifier parameter for these modifiers (1 for none).
    var xtermParameter: Int { Int(rawValue & 0x0F) + 1 }
}
