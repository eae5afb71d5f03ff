import CVTerm
import TermindDomain

// OSC 7, the working directory a shell reports (`ESC ] 7 ; file://host/path BEL`), the shell
// integration's OSC 133 marks (`ShellMark`), and OSC 52, a clipboard write. libvterm 0.1.4
// handles only OSC 0, 1 and 2 itself and hands every other OSC string, whole, to the screen's
// unrecognised-sequence fallbacks; the parser in front of it makes sure the string is whole
// (and at most 16 KiB).

extension VTermSurface {
    static let unrecognisedCallbacks = VTermParserCallbacks(
        text: nil, control: nil, escape: nil, csi: nil,
        osc: { command, length, user in
            guard let command, let user, length > 0 else { return 0 }
            let bytes = Array(UnsafeRawBufferPointer(start: command, count: length))
            let surface = Unmanaged<VTermSurface>.fromOpaque(user).takeUnretainedValue()
            if let request = ClipboardRequest(osc: bytes) {
                // Kept for the workbench to forward or drop; a flood keeps only the newest few.
                surface.clipboardRequests = Array((surface.clipboardRequests + [request]).suffix(4))
                return 1
            }
            guard let mark = ShellMark(osc: bytes, token: surface.shellMarkToken) else { return 0 }
            if case .workingDirectory(let directory) = mark { surface.workingDirectory = directory }
            surface.placeCommandMark(mark)
            // Kept for the pane's command history; a flood (a hostile server) keeps the newest.
            surface.shellMarks.append(mark)
            if surface.shellMarks.count > VTermSurface.shellMarkLimit { surface.shellMarks.removeFirst(surface.shellMarks.count / 2) }
            return 1
        },
        dcs: nil, resize: nil)

    /// Puts a prompt, command start or end at the cursor's line (never for a program on the
    /// alternate screen, whose rows are not the pane's text).
    func placeCommandMark(_ mark: ShellMark) {
        guard !isAlternateScreen else { return }
        var position = VTermPos()
        vterm_state_get_cursorpos(state, &position)
        let cursor = TextPosition(line: firstScreenLine + Int(position.row), column: Int(position.col))
        commandBlocks.note(mark, at: cursor, firstLine: lineNumbers.lowerBound)
    }

    /// The most marks kept between two reads of the pane (a shell sends five per command).
    static let shellMarkLimit = 512

    /// The path of an OSC 7 string (`7;file://host/path`, percent-encoded), or nil when it is
    /// another OSC or not a `file:` URL. The host part is dropped: the pane knows its host.
    static func workingDirectory(fromOSC bytes: [UInt8]) -> String? {
        guard case .workingDirectory(let path) = ShellMark(osc: bytes) else { return nil }
        return path
    }
}
