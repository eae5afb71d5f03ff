/// A cell's look as it is sent to the terminal: colours already brought down to what the
/// terminal shows (truecolor to the palette, chrome colours removed under `NO_COLOR`). Two cells
/// with the same `RenderStyle` need no SGR between them. Internal to the renderer.
struct RenderStyle: Hashable, Sendable {
    var foreground: TerminalColor
    var background: TerminalColor
    var attributes: CellAttributes

    /// What `SGR 0` leaves: default colours, no attributes.
    static let plain = RenderStyle(foreground: .default, background: .default, attributes: [])

    init(foreground: TerminalColor, background: TerminalColor, attributes: CellAttributes) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// How `cell` is drawn on a terminal with `capabilities`.
    init(_ cell: TerminalCell, isChrome: Bool, capabilities: TerminalCapabilities) {
        if isChrome && capabilities.noColor {
            self.init(foreground: .default, background: .default, attributes: cell.attributes)
        } else {
            self.init(
                foreground: cell.foreground.shown(at: capabilities.colorDepth),
                background: cell.background.shown(at: capabilities.colorDepth),
                attributes: cell.attributes
            )
        }
    }
}
