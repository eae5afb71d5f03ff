/// Text that did not come from the person (a file name, a server's status message or prompt, a
/// host name from `known_hosts` or `ssh_config`), in the form that is safe to show on a terminal:
/// every byte a terminal would act on instead of show is written as a visible escape, so a
/// server cannot set the window title, clear the screen or write the clipboard (the class of
/// OpenSSH's CVE-2019-6109).
///
/// The escapes are bash's `$'…'` octal escapes, one per byte (GNU `ls` shows the same bytes):
/// - C0 controls except tab, and DEL: `\033` for ESC, `\007` for BEL, `\012` for a newline
///   (kept as is with `.kept` line breaks, for a server's multi-line instruction);
/// - C1 controls (U+0080…U+009F), as their two UTF-8 bytes: CSI U+009B is `\302\233`;
/// - bytes that are not UTF-8: `\377`;
/// - the characters that reorder a line (bidirectional overrides and isolates, U+202A…U+202E,
///   U+2066…U+2069), as their UTF-8 bytes: U+202E is `\342\200\256`;
/// - a backslash itself is `\\`, so every escape reads one way only.
/// Everything else (tab, printable ASCII, any other Unicode) is shown as it is.
///
/// A pure value; safe to pass between threads.
public struct TerminalSafeText: Sendable, Hashable, CustomStringConvertible {
    /// What happens to a newline (LF).
    public enum LineBreaks: Sendable {
        /// Escaped as `\012`: a name is one line.
        case escaped
        /// Kept as a line break: for text made of lines (an instruction, a message).
        case kept
    }

    /// The visible form, safe to write to a terminal.
    public let text: String

    /// `untrusted` made safe: control characters and line reordering characters escaped (and
    /// backslashes doubled), and the bytes of a name that are not UTF-8 (`NameBytes`) as `\377`.
    public init(_ untrusted: String, lineBreaks: LineBreaks = .escaped) {
        self.init(bytes: NameBytes.bytes(untrusted), lineBreaks: lineBreaks)
    }

    /// `bytes` made safe, also when they are not UTF-8 (each byte that is not part of a valid
    /// UTF-8 sequence is escaped).
    public init(bytes: some Collection<UInt8>, lineBreaks: LineBreaks = .escaped) {
        self.init(bytes: bytes, lineBreaks: lineBreaks, doublingBackslashes: true)
    }

    private init(bytes: some Collection<UInt8>, lineBreaks: LineBreaks, doublingBackslashes: Bool) {
        let bytes = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                switch byte {
                case UInt8(ascii: "\\") where doublingBackslashes: out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\t"): out.append(byte)
                case UInt8(ascii: "\n") where lineBreaks == .kept: out.append(byte)
                case 0..<0x20, 0x7F: Self.appendEscape(byte, to: &out)
                default: out.append(byte)
                }
                index += 1
                continue
            }
            let length = Self.sequenceLength(bytes, at: index)
            guard length > 0 else {
                Self.appendEscape(byte, to: &out)
                index += 1
                continue
            }
            let sequence = bytes[index..<index + length]
            if Self.isEscapedScalar(Self.scalarValue(sequence)) {
                for part in sequence { Self.appendEscape(part, to: &out) }
            } else {
                out += sequence
            }
            index += length
        }
        text = String(decoding: out, as: UTF8.self)
    }

    public var description: String { text }

    /// Shows `untrusted` escaped when `terminal` is true, and as it is otherwise (scripts reading
    /// a pipe need the real name).
    public static func shown(_ untrusted: String, onTerminal terminal: Bool, lineBreaks: LineBreaks = .escaped) -> String {
        terminal ? TerminalSafeText(untrusted, lineBreaks: lineBreaks).text : untrusted
    }

    /// A message of Termind's own that may carry untrusted text (an error naming a remote path,
    /// a server's status message): controls escaped as in a name, but its line breaks kept and
    /// its backslashes left single. The last guard before standard output or error when they
    /// are a terminal.
    public static func message(_ text: String) -> String {
        TerminalSafeText(bytes: NameBytes.bytes(text), lineBreaks: .kept, doublingBackslashes: false).text
    }

    /// True when `text` would be written differently (it holds something a terminal acts on,
    /// or a backslash).
    public static func needsEscaping(_ text: String, lineBreaks: LineBreaks = .escaped) -> Bool {
        TerminalSafeText(text, lineBreaks: lineBreaks).text != text
    }

    /// True for a scalar a terminal acts on (C0 other than tab, DEL, C1) or that reorders the
    /// line; newlines count as controls here.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09) || isEscapedScalar(value)
    }

    // MARK: - Bytes

    private static func isEscapedScalar(_ value: UInt32) -> Bool {
        value == 0x7F || (0x80...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// `\` and three octal digits.
    private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "0") + byte >> 6)
        out.append(UInt8(ascii: "0") + (byte >> 3) & 7)
        out.append(UInt8(ascii: "0") + byte & 7)
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (a lead byte of 0x80 or
    /// more), or 0 when it is not one: no overlong forms, surrogates or values past U+10FFFF.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        guard (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
            return 0
        }
        return length
    }

    private static func scalarValue(_ sequence: ArraySlice<UInt8>) -> UInt32 {
        let parts = Array(sequence)
        switch parts.count {
        case 2: return UInt32(parts[0] & 0x1F) << 6 | UInt32(parts[1] & 0x3F)
        case 3: return UInt32(parts[0] & 0x0F) << 12 | UInt32(parts[1] & 0x3F) << 6 | UInt32(parts[2] & 0x3F)
        default:
            return UInt32(parts[0] & 0x07) << 18 | UInt32(parts[1] & 0x3F) << 12 | UInt32(parts[2] & 0x3F) << 6 | UInt32(parts[3] & 0x3F)
        }
    }
}
