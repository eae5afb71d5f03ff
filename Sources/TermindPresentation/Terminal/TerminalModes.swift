/// The outer terminal's modes the workbench turns on, and the bytes that turn them off again.
/// A namespace of constant byte strings; safe from any thread (also a signal handler, which
/// reads the copy `TerminalRestoration` keeps).
enum TerminalModes {
    /// The alternate screen (saving the cursor and the person's shell screen), bracketed paste,
    /// mouse reporting of presses, releases, drags and the wheel in SGR form, and focus events.
    static let enter: [UInt8] = Array(
        ("\u{1B}[?1049h"  // alternate screen, cursor saved
            + "\u{1B}[?2004h"  // bracketed paste
            + "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"  // mouse: buttons, drags, SGR coordinates
            + "\u{1B}[?1004h"  // focus in / out
            + "\u{1B}[H\u{1B}[2J").utf8)

    /// Everything `enter` turned on, off again, and what a frame cut short may have left: a
    /// synchronized update still open, a scroll region, a pen, a hidden or reshaped cursor. The
    /// alternate screen goes last, so the person's shell screen comes back as it was.
    static let leave: [UInt8] = Array(
        ("\u{1B}[?2026l"  // end a synchronized update a crash interrupted
            + "\u{1B}[r\u{1B}[0m"  // whole-screen scroll region, plain pen
            + "\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
            + "\u{1B}[?2004l"
            + "\u{1B}[0 q\u{1B}[?25h"  // the person's cursor shape, shown
            + "\u{1B}[?1049l").utf8)
}
