/// How text drawn by Termind itself looks: colours, attributes, and whether it is chrome.
///
/// Chrome is everything Termind draws of its own (borders, status line, dialogs, lists): its
/// colours give way when the person set `NO_COLOR`. Cells copied from a pane's surface are the
/// remote program's and keep their colours whatever `NO_COLOR` says, so they are never chrome.
/// A plain value; safe to pass between threads.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: CellAttributes
    /// True for Termind's own chrome, whose colours `NO_COLOR` turns off.
    public var isChrome: Bool

    /// Drawing helpers are used for chrome, so that is the default.
    public init(
        foreground: TerminalColor = .default,
        background: TerminalColor = .default,
        attributes: CellAttributes = [],
        isChrome: Bool = true
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.isChrome = isChrome
    }

    /// Chrome in the terminal's default colours and no attributes.
    public static let chrome = CellStyle()

    /// A cell of this style showing `text` (one character and its combining marks).
    func cell(_ text: String, width: Int = 1) -> TerminalCell {
        TerminalCell(text: text, width: width, foreground: foreground, background: background, attributes: attributes)
    }
}
