/// A remote program's request to set the clipboard (`ESC ] 52 ; c ; BASE64 BEL`), checked so it
/// can only ever be written back out as the same well-formed request: selections from
/// `cpqs01234567` only, the payload base64 only (no query `?`: a server never reads the
/// clipboard), and at most `maximumPayload` bytes.
struct ClipboardRequest: Equatable, Sendable {
    static let maximumPayload = 1 << 20

    let selections: [UInt8]
    let base64: [UInt8]

    /// The request in an OSC string's body (`52;c;aGk=`), nil when it is anything else.
    init?(osc body: [UInt8]) {
        let parts = body.split(separator: UInt8(ascii: ";"), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, Array(parts[0]) == Array("52".utf8) else { return nil }
        let selections = Array(parts[1]).isEmpty ? Array("c".utf8) : Array(parts[1])
        guard selections.count <= 8, selections.allSatisfy({ Array("cpqs01234567".utf8).contains($0) }) else { return nil }
        let payload = Array(parts[2])
        guard payload.count <= Self.maximumPayload, payload.allSatisfy(Self.isBase64) else { return nil }
        self.selections = selections
        base64 = payload
    }

    /// The OSC 52 sequence to write to the outer terminal.
    var sequence: [UInt8] { Array("\u{1B}]52;".utf8) + selections + [UInt8(ascii: ";")] + base64 + [0x07] }

    private static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default: false
        }
    }
}
