/// One cell of a pane's grid, copied out of libvterm: what to draw there and how.
///
/// A wide character (CJK, most emoji) fills two cells: the first has `width == 2` and the
/// character, the second is a continuation cell with empty `text` (and `width == 1`) that the
/// renderer skips. An empty cell reads as a single space.
/// A plain value; safe to pass between threads.
public struct TerminalCell: Hashable, Sendable {
    /// The base character followed by any combining marks (up to six scalars, libvterm's
    /// limit); `" "` for an empty cell; `""` for the second half of a wide character.
    public var text: String
    /// 2 for the first half of a wide character, otherwise 1.
    public var width: Int
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: CellAttributes

    public init(
        text: String,
        width: Int = 1,
        foreground: TerminalColor = .default,
        background: TerminalColor = .default,
        attributes: CellAttributes = []
    ) {
        self.text = text
        self.width = width
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// An empty cell with default colours and no attributes.
    public static let blank = TerminalCell(text: " ")

    /// True for the second half of a wide character: nothing is drawn there.
    public var isWideContinuation: Bool { text.isEmpty }
}
