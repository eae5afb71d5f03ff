/// The colour of one terminal cell's foreground or background, as the remote program asked
/// for it: the terminal's default, one of the 256 palette entries, or a 24-bit colour.
///
/// A plain value; the renderer decides how a palette index or the default looks on the real
/// terminal. Safe to pass between threads.
public enum TerminalColor: Hashable, Sendable {
    /// No colour was requested (SGR 39 / 49, or never set): the host terminal's own default.
    case `default`
    /// A palette entry: 0–7 from SGR 30–37 / 40–47, 8–15 from SGR 90–97 / 100–107, any of the
    /// 256 from SGR 38;5;n / 48;5;n.
    case indexed(UInt8)
    /// A 24-bit colour from SGR 38;2;r;g;b / 48;2;r;g;b.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
}
