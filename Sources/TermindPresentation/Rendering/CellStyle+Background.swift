extension CellStyle {
    /// This style over another background (text in a dialog keeps the dialog's background).
    func with(background: TerminalColor) -> CellStyle {
        var style = self
        style.background = background
        return style
    }
}
