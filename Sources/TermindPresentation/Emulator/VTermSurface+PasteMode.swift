import CVTerm

extension VTermSurface {
    /// True when the remote program turned bracketed paste on (DEC mode 2004). libvterm 0.1.4
    /// has no getter for the mode; starting a paste writes `ESC[200~` only when it is on, so
    /// this starts and ends one and takes back what they wrote.
    var bracketsPastes: Bool {
        let before = output.count
        vterm_keyboard_start_paste(terminal)
        let bracketed = output.count > before
        vterm_keyboard_end_paste(terminal)
        output.removeSubrange(before...)
        return bracketed
    }
}
