import CVTerm

// OSC 7, the working directory a shell reports (`ESC ] 7 ; file://host/path BEL`), and OSC 52,
// a clipboard write. libvterm 0.1.4 handles only OSC 0, 1 and 2 itself and hands every other
// OSC string, whole, to the screen's unrecognised-sequence fallbacks; the parser in front of
// it makes sure the string is whole.

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
            guard let directory = VTermSurface.workingDirectory(fromOSC: bytes) else { return 0 }
            surface.workingDirectory = directory
            return 1
        },
        dcs: nil, resize: nil)

    /// The path of an OSC 7 string (`7;file://host/path`, percent-encoded), or nil when it is
    /// another OSC or not a `file:` URL. The host part is dropped: the pane knows its host.
    static func workingDirectory(fromOSC bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix("7;") else { return nil }
        let url = text.dropFirst(2)
        guard url.hasPrefix("file://") else { return nil }
        let afterScheme = url.dropFirst("file://".count)
        guard let slash = afterScheme.firstIndex(of: "/") else { return nil }
        return percentDecoded(afterScheme[slash...])
    }

    private static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
