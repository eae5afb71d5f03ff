import CVTerm

// What the person types into a pane, encoded the way the pane's program asked for through its
// terminal modes. libvterm knows those modes (application cursor keys, bracketed paste, the
// mouse protocol and which events to report, newline mode), so its own encoders are used for
// everything that depends on them; `KeyEncoder` covers what libvterm 0.1.4 encodes badly:
// characters with Control or Alt (it truncates non-ASCII after ESC and sends `CSI u` for
// Ctrl-digits, which shells do not read), and Tab, Backspace and Escape with modifiers.
//
// Each call appends to `output`; the caller sends `takeOutput()` to the remote, which keeps
// these bytes in order with libvterm's own answers (DSR, DA).

extension VTermSurface {
    /// Encodes one key press for the pane's program.
    public func type(_ press: KeyPress) {
        let modifiers = Self.vtermModifiers(press.modifiers)
        switch press.key {
        case .up: vterm_keyboard_key(terminal, VTERM_KEY_UP, modifiers)
        case .down: vterm_keyboard_key(terminal, VTERM_KEY_DOWN, modifiers)
        case .left: vterm_keyboard_key(terminal, VTERM_KEY_LEFT, modifiers)
        case .right: vterm_keyboard_key(terminal, VTERM_KEY_RIGHT, modifiers)
        case .home: vterm_keyboard_key(terminal, VTERM_KEY_HOME, modifiers)
        case .end: vterm_keyboard_key(terminal, VTERM_KEY_END, modifiers)
        case .insert: vterm_keyboard_key(terminal, VTERM_KEY_INS, modifiers)
        case .delete: vterm_keyboard_key(terminal, VTERM_KEY_DEL, modifiers)
        case .pageUp: vterm_keyboard_key(terminal, VTERM_KEY_PAGEUP, modifiers)
        case .pageDown: vterm_keyboard_key(terminal, VTERM_KEY_PAGEDOWN, modifiers)
        case .function(let number) where (1...12).contains(number):
            vterm_keyboard_key(terminal, VTermKey(VTERM_KEY_FUNCTION_0.rawValue + UInt32(number)), modifiers)
        case .enter where press.modifiers.subtracting(.alt).isEmpty:
            // CR, or CR LF in newline mode (LNM), which only libvterm knows.
            vterm_keyboard_key(terminal, VTERM_KEY_ENTER, modifiers)
        default:
            output.append(contentsOf: KeyEncoder().encode(press))
        }
    }

    /// Encodes a paste: bracketed (`ESC[200~` … `ESC[201~`) when the program turned bracketed
    /// paste on, newlines as CR as a typed Enter would send them. An end marker inside the pasted
    /// bytes is removed, so a paste can never close its own brackets early.
    public func paste(_ bytes: [UInt8]) {
        let body = KeyEncoder().encode(paste: bytes)
        vterm_keyboard_start_paste(terminal)
        output.append(contentsOf: Self.removingPasteEnd(body))
        vterm_keyboard_end_paste(terminal)
    }

    /// Reports a mouse event at `row`, `column` of the pane (0-based) in the protocol and for
    /// the events the program asked for; nothing when it did not ask (`mouseMode == .none`).
    public func mouse(_ kind: MouseEvent.Kind, row: Int, column: Int, modifiers: KeyModifiers = []) {
        guard mouseMode != .none else { return }
        let vtermModifiers = Self.vtermModifiers(modifiers)
        vterm_mouse_move(terminal, Int32(clamping: row), Int32(clamping: column), vtermModifiers)
        switch kind {
        case .press(let button):
            Self.buttonNumber(button).map { vterm_mouse_button(terminal, $0, true, vtermModifiers) }
        case .release(let button):
            Self.buttonNumber(button).map { vterm_mouse_button(terminal, $0, false, vtermModifiers) }
        case .scrollUp: vterm_mouse_button(terminal, 4, true, vtermModifiers)
        case .scrollDown: vterm_mouse_button(terminal, 5, true, vtermModifiers)
        case .scrollLeft: vterm_mouse_button(terminal, 6, true, vtermModifiers)
        case .scrollRight: vterm_mouse_button(terminal, 7, true, vtermModifiers)
        case .drag, .move:
            break  // the move above reported it, when the program asked for motion
        }
    }

    // MARK: - Helpers

    static func vtermModifiers(_ modifiers: KeyModifiers) -> VTermModifier {
        var value: UInt32 = 0
        if modifiers.contains(.shift) { value |= VTERM_MOD_SHIFT.rawValue }
        if modifiers.contains(.alt) || modifiers.contains(.meta) { value |= VTERM_MOD_ALT.rawValue }
        if modifiers.contains(.control) { value |= VTERM_MOD_CTRL.rawValue }
        return VTermModifier(value)
    }

    private static func buttonNumber(_ button: MouseEvent.Button) -> Int32? {
        switch button {
        case .left: 1
        case .middle: 2
        case .right: 3
        case .other: nil
        }
    }

    /// `bytes` without any `ESC[201~`.
    static func removingPasteEnd(_ bytes: [UInt8]) -> [UInt8] {
        let end = SequenceParser.pasteEnd
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, bytes.count - index >= end.count, bytes[index..<(index + end.count)].elementsEqual(end) {
                index += end.count
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
