import CVTerm

extension TerminalCell {
    /// Copies a cell out of libvterm's representation.
    init(vtermCell cell: VTermScreenCell) {
        // libvterm marks the second half of a wide character with 0xFFFFFFFF in chars[0].
        let first = cell.chars.0
        if first == UInt32.max {
            self.init(text: "", width: 1)
        } else if first == 0 {
            self.init(text: " ", width: 1)
        } else {
            var scalars = String.UnicodeScalarView()
            withUnsafeBytes(of: cell.chars) { raw in
                for value in raw.bindMemory(to: UInt32.self) {
                    if value == 0 { break }
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                }
            }
            self.init(text: String(scalars), width: cell.width == 2 ? 2 : 1)
        }
        foreground = TerminalColor(vtermForeground: cell.fg)
        background = TerminalColor(vtermBackground: cell.bg)
        attributes = CellAttributes(vtermAttributes: cell.attrs)
    }
}

extension CellAttributes {
    init(vtermAttributes attrs: VTermScreenCellAttrs) {
        self = []
        if attrs.bold != 0 { insert(.bold) }
        if attrs.italic != 0 { insert(.italic) }
        switch Int(attrs.underline) {
        case VTERM_UNDERLINE_SINGLE: insert(.underline)
        case VTERM_UNDERLINE_DOUBLE: insert(.doubleUnderline)
        case VTERM_UNDERLINE_CURLY: insert(.curlyUnderline)
        default: break
        }
        if attrs.blink != 0 { insert(.blink) }
        if attrs.reverse != 0 { insert(.reverse) }
        if attrs.strike != 0 { insert(.strikethrough) }
    }
}
