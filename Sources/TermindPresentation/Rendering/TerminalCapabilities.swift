/// What the terminal Termind draws on can show, decided once at start-up by the caller (from the
/// environment it read) and handed to the renderer, which reads no environment itself.
/// A plain value; safe to pass between threads.
public struct TerminalCapabilities: Hashable, Sendable {
    /// How many colours the terminal can show.
    public enum ColorDepth: Hashable, Sendable {
        /// The 256-colour palette: 24-bit colours are drawn as their nearest palette entry.
        case palette256
        /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
        case truecolor
    }

    public var colorDepth: ColorDepth
    /// `NO_COLOR` is set: Termind's chrome is drawn without colours (attributes stay). Cells of
    /// remote programs keep theirs: the person asked Termind, not them, to stop colouring.
    public var noColor: Bool
    /// The terminal erases with the current background colour (xterm's `bce`), as every common
    /// terminal does; when false, runs of coloured blanks are written out instead of erased.
    public var backgroundColorErase: Bool

    public init(colorDepth: ColorDepth = .palette256, noColor: Bool = false, backgroundColorErase: Bool = true) {
        self.colorDepth = colorDepth
        self.noColor = noColor
        self.backgroundColorErase = backgroundColorErase
    }

    /// Decides from the environment the caller read: truecolor when `COLORTERM` is `truecolor`
    /// or `24bit`; no chrome colours when `NO_COLOR` is present and not empty (no-color.org).
    public init(environment: [String: String]) {
        let colorTerm = environment["COLORTERM"]?.lowercased()
        self.init(
            colorDepth: colorTerm == "truecolor" || colorTerm == "24bit" ? .truecolor : .palette256,
            noColor: !(environment["NO_COLOR"] ?? "").isEmpty
        )
    }
}
