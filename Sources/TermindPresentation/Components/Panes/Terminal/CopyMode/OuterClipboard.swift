import Foundation

/// How copied text reaches the clipboard of the terminal Termind runs in: OSC 52
/// (`ESC ] 52 ; c ; BASE64 BEL`). Inside tmux the same sequence also goes wrapped in tmux's
/// passthrough (`ESC P tmux; … ESC \`, every ESC inside doubled), which tmux 3.3 and later hand
/// to the outer terminal when `allow-passthrough` is on; the plain one reaches tmux's own
/// clipboard handling (`set-clipboard on`). Either way a copy reaches the clipboard when one of
/// the two is set; tmux drops what it is not set for.
enum OuterClipboard {
    /// The largest text sent: what `ClipboardRequest` accepts from a remote program, in base64.
    static let maximumBase64 = ClipboardRequest.maximumPayload

    /// The bytes that put `text` on the clipboard, or nil when it is too large to send.
    static func sequence(copying text: [UInt8], insideTmux: Bool) -> [UInt8]? {
        let base64 = Array(Data(text).base64EncodedString().utf8)
        guard base64.count <= maximumBase64 else { return nil }
        let plain = Array("\u{1B}]52;c;".utf8) + base64 + [0x07]
        guard insideTmux else { return plain }
        let escaped = plain.flatMap { $0 == 0x1B ? [0x1B, 0x1B] : [$0] }
        return plain + Array("\u{1B}Ptmux;".utf8) + escaped + Array("\u{1B}\\".utf8)
    }
}
