import CVTerm

// A new Session in a pane that already showed one (a reconnect): the remote program that set
// the old modes is gone, so nothing of its state may carry over to the new shell.

extension VTermSurface {
    /// Prepares the screen for a new Session after the old one ended: leaves the alternate
    /// screen (a dropped `vi` would otherwise keep it), resets the modes the old programs set
    /// (scroll region, origin, cursor keys, keypad, mouse reporting, bracketed paste, insert,
    /// rendition, character sets, protection; the cursor shown), forgets any half-received
    /// sequence (the parser's `TextModes` stay: they follow libvterm's state), then writes `marker`
    /// on a line of its own below the old text, which stays (and its scrollback) above it.
    /// The new shell starts on the line after the marker.
    public func beginNewSession(marker: String) {
        let textModes = parser.textModes
        parser = VTermInputParser()
        parser.textModes = textModes
        parser.repeatLimit = columns
        if isAlternateScreen {
            write(Array("\u{1B}[?1049l".utf8))  // back to the primary screen, as it was
        }
        let (row, column) = (cursor.row, cursor.column)
        var reset = "\u{1B}[!p"  // DECSTR: modes, rendition
        // What DECSTR in libvterm 0.1.4 leaves: margins, origin, insert, autowrap.
        reset += "\u{1B}[?69l\u{1B}[r\u{1B}[?6l\u{1B}[4l\u{1B}[?7h"
        // ... and character sets (a `vi` dropped while drawing a box), shifts and protection.
        reset += "\u{1B}(B\u{1B})B\u{1B}*B\u{1B}+B\u{0F}\u{1B}[0\"q"
        reset += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?1015l\u{1B}[?1005l"
        reset += "\u{1B}[?1l\u{1B}>\u{1B}[?2004l\u{1B}[?25h\u{1B}[0m"
        reset += "\u{1B}[\(row + 1);\(column + 1)H"  // resetting the margins moved the cursor home
        write(Array(reset.utf8))
        var text = cursor.column == 0 ? "" : "\r\n"
        text += marker + "\r\n"
        write(Array(text.utf8))
        _ = takeOutput()
    }
}
