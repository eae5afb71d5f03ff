import CVTerm

extension TerminalColor {
    /// A cell's foreground as libvterm stores it.
    init(vtermForeground color: VTermColor) {
        var color = color
        self = termind_vterm_color_is_default_fg(&color) != 0 ? .default : TerminalColor(explicit: color)
    }

    /// A cell's background as libvterm stores it.
    init(vtermBackground color: VTermColor) {
        var color = color
        self = termind_vterm_color_is_default_bg(&color) != 0 ? .default : TerminalColor(explicit: color)
    }

    private init(explicit color: VTermColor) {
        var color = color
        if termind_vterm_color_is_indexed(&color) != 0 {
            self = .indexed(color.indexed.idx)
        } else {
            self = .rgb(red: color.rgb.red, green: color.rgb.green, blue: color.rgb.blue)
        }
    }
}
