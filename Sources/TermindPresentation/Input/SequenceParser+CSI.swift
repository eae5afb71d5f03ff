// Control sequences (ESC [ … final): cursor and editing keys, function keys, keys reported as
// code points, paste markers, mouse and focus reports.

extension SequenceParser {
    func parseCSI(at index: Int) -> Parsed {
        let start = index + 2
        guard start < bytes.count else {
            return final ? .event(.key(.character("[", modifiers: .alt)), length: 2) : .incomplete
        }
        if bytes[start] == UInt8(ascii: "[") {
            return parseLinuxConsoleFunctionKey(at: index)
        }
        if bytes[start] == UInt8(ascii: "M") {
            return parseX10Mouse(at: index)
        }
        var end = start
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] <= 0x3F {
            end += 1
        }
        guard end < bytes.count else {
            // An overlong one is the decoder's to skip: its end may be chunks away.
            return final ? .dropped(length: end - index) : .incomplete
        }
        let finalByte = bytes[end]
        guard finalByte >= 0x40 && finalByte <= 0x7E else {
            // Broken off by a control or a non-ASCII byte: drop what came, or read ESC [ alone
            // as Alt-[.
            if end == start { return .event(.key(.character("[", modifiers: .alt)), length: 2) }
            return .dropped(length: end - index)
        }
        let length = end + 1 - index
        let body = bytes[start..<end]
        let event = Self.controlSequenceEvent(body: body, finalByte: finalByte)
        switch event {
        case .some(.some(let event)):
            return .event(event, length: length)
        case .some(.none):
            return .pasteStart(length: length)
        case .none:
            return .dropped(length: length)
        }
    }

    /// The event of a complete control sequence; `.some(nil)` for the paste start marker;
    /// nil for a sequence that means nothing here.
    private static func controlSequenceEvent(body: ArraySlice<UInt8>, finalByte: UInt8) -> InputEvent?? {
        if body.first == UInt8(ascii: "<") {
            guard finalByte == UInt8(ascii: "M") || finalByte == UInt8(ascii: "m") else { return nil }
            return sgrMouse(CSIParameters(body.dropFirst()), pressed: finalByte == UInt8(ascii: "M")).map { .some($0) }
        }
        // Other private markers (<=>?) and intermediates are answers to queries Termind does
        // not make, or keys no terminal sends.
        guard body.allSatisfy({ $0 >= 0x30 && $0 <= 0x3B }) else { return nil }
        let parameters = CSIParameters(body)

        switch finalByte {
        case UInt8(ascii: "~"):
            return tildeKey(parameters)
        case UInt8(ascii: "u"):
            guard let code = parameters[0] else { return nil }
            return codePointKey(code, modifiers: KeyModifiers(xtermParameter: parameters[1])).map { .some(.key($0)) }
        case UInt8(ascii: "Z"):
            var modifiers = KeyModifiers(xtermParameter: parameters[1])
            modifiers.insert(.shift)
            return .key(KeyPress(.tab, modifiers: modifiers))
        case UInt8(ascii: "I") where parameters.isEmpty:
            return .focusGained
        case UInt8(ascii: "O") where parameters.isEmpty:
            return .focusLost
        default:
            guard let key = cursorOrFunctionKey(finalByte) else { return nil }
            return .key(KeyPress(key, modifiers: KeyModifiers(xtermParameter: parameters[1])))
        }
    }

    /// `CSI n ~` and `CSI n ; m ~`: editing keys, F5–F12 (and F1–F4 in rxvt's numbering),
    /// xterm's modifyOtherKeys (`CSI 27 ; m ; code ~`) and the paste markers.
    private static func tildeKey(_ parameters: CSIParameters) -> InputEvent?? {
        let modifiers = KeyModifiers(xtermParameter: parameters[1])
        let key: InputKey
        switch parameters[0] {
        case 1, 7: key = .home
        case 2: key = .insert
        case 3: key = .delete
        case 4, 8: key = .end
        case 5: key = .pageUp
        case 6: key = .pageDown
        case 11: key = .function(1)
        case 12: key = .function(2)
        case 13: key = .function(3)
        case 14: key = .function(4)
        case 15: key = .function(5)
        case 17: key = .function(6)
        case 18: key = .function(7)
        case 19: key = .function(8)
        case 20: key = .function(9)
        case 21: key = .function(10)
        case 23: key = .function(11)
        case 24: key = .function(12)
        case 27:
            guard let code = parameters[2] else { return nil }
            return codePointKey(code, modifiers: modifiers).map { .some(.key($0)) }
        case 200:
            return .some(nil)
        default:
            // Including 201, a paste end with no paste.
            return nil
        }
        return .key(KeyPress(key, modifiers: modifiers))
    }

    /// A key reported by its Unicode code point (`CSI u`, modifyOtherKeys).
    private static func codePointKey(_ code: Int, modifiers: KeyModifiers) -> KeyPress? {
        var modifiers = modifiers
        switch code {
        case 13: return KeyPress(.enter, modifiers: modifiers)
        case 9: return KeyPress(.tab, modifiers: modifiers)
        case 127, 8: return KeyPress(.backspace, modifiers: modifiers)
        case 27: return KeyPress(.escape, modifiers: modifiers)
        case 0x20...0x7E, 0xA0...0x10FFFF:
            guard let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            var character = Character(scalar)
            // A character key carries its shifted character, not Shift.
            if modifiers.contains(.shift), character.isLowercase, character.isASCII {
                character = Character(character.uppercased())
                modifiers.remove(.shift)
            }
            return KeyPress(.character(character), modifiers: modifiers)
        default:
            return nil
        }
    }

    /// `ESC [ <b ; x ; y M` (press or motion) or `m` (release): SGR mouse mode 1006.
    private static func sgrMouse(_ parameters: CSIParameters, pressed: Bool) -> InputEvent? {
        guard parameters.count == 3, let code = parameters[0], let x = parameters[1], let y = parameters[2] else { return nil }
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        let button: MouseEvent.Button?
        let kind: MouseEvent.Kind
        if code & 128 != 0 {
            button = .other(8 + low)
        } else if code & 64 != 0 {
            button = nil
        } else {
            button = [MouseEvent.Button.left, .middle, .right][safe: low]
        }
        if code & 64 != 0 && code & 128 == 0 {
            kind = [MouseEvent.Kind.scrollUp, .scrollDown, .scrollLeft, .scrollRight][low]
        } else if code & 32 != 0 {
            kind = button.map { .drag($0) } ?? .move
        } else if let button {
            kind = pressed ? .press(button) : .release(button)
        } else {
            return nil
        }
        return .mouse(MouseEvent(kind: kind, column: max(0, x - 1), row: max(0, y - 1), modifiers: modifiers))
    }

    /// `ESC [ [ A` … `ESC [ [ E`: F1–F5 on the Linux console.
    private func parseLinuxConsoleFunctionKey(at index: Int) -> Parsed {
        guard index + 3 < bytes.count else {
            return final ? .dropped(length: bytes.count - index) : .incomplete
        }
        let letter = bytes[index + 3]
        guard letter >= UInt8(ascii: "A") && letter <= UInt8(ascii: "E") else {
            return .dropped(length: 3)
        }
        return .event(.key(KeyPress(.function(Int(letter - UInt8(ascii: "A")) + 1))), length: 4)
    }

    /// `ESC [ M` and three bytes: the old X10 mouse report, from a terminal that ignored the
    /// request for SGR reports. Skipped whole so its bytes are not typed; not decoded, since a
    /// release there does not say which button.
    private func parseX10Mouse(at index: Int) -> Parsed {
        guard index + 5 < bytes.count else {
            return final ? .dropped(length: bytes.count - index) : .incomplete
        }
        return .dropped(length: 6)
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
