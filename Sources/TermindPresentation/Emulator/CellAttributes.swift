/// The rendition of one terminal cell (the SGR attributes other than colour).
///
/// The three underline styles are mutually exclusive: libvterm stores one underline kind per
/// cell. libvterm 0.1.4 has no conceal (SGR 8) or overline, so there is no flag for them.
/// A plain value; safe to pass between threads.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// SGR 1.
    public static let bold = CellAttributes(rawValue: 1 << 0)
    /// SGR 3.
    public static let italic = CellAttributes(rawValue: 1 << 1)
    /// SGR 4 (or 4:1).
    public static let underline = CellAttributes(rawValue: 1 << 2)
    /// SGR 21 (or 4:2).
    public static let doubleUnderline = CellAttributes(rawValue: 1 << 3)
    /// SGR 4:3.
    public static let curlyUnderline = CellAttributes(rawValue: 1 << 4)
    /// SGR 5.
    public static let blink = CellAttributes(rawValue: 1 << 5)
    /// SGR 7: draw with foreground and background swapped (the colours are not swapped here).
    public static let reverse = CellAttributes(rawValue: 1 << 6)
    /// SGR 9.
    public static let strikethrough = CellAttributes(rawValue: 1 << 7)

    /// Any of the three underline styles.
    public static let anyUnderline: CellAttributes = [.underline, .doubleUnderline, .curlyUnderline]
}
