/// One thing a shell's integration script reports about itself, in the escape sequences it
/// writes around prompts and commands (docs/behaviour.md §3):
///
/// - `OSC 133 ; A` a prompt starts; `OSC 133 ; B` the prompt ends and input starts;
/// - `OSC 133 ; C ; cmdline_url=TEXT` a command starts, TEXT its command line percent-encoded
///   (kitty's form); without it the command is not known;
/// - `OSC 133 ; D ; STATUS ; duration_ms=N` the command ended with STATUS after N ms, measured
///   by the shell on the server; either may be missing;
/// - `OSC 133 ; I ; off` Termind's bootstrap started the plain login shell, without integration;
/// - `OSC 7 ; file://HOST/PATH` the working directory (PATH percent-encoded).
///
/// A server may send any of these, or fakes of them: every field is bounded and nothing here
/// is ever echoed back to a terminal.
public enum ShellMark: Sendable, Hashable {
    case promptStarted
    case inputStarted
    case commandStarted(commandLine: String?)
    case commandEnded(exitStatus: Int32?, durationMilliseconds: Int64?)
    case integrationOff
    case workingDirectory(String)

    /// The longest command line kept, in bytes (after decoding); a longer one counts as unknown.
    public static let maxCommandLineBytes = 8 * 1024

    /// The mark an OSC string carries (the bytes between `ESC ]` and its terminator), or nil
    /// when it is another OSC or malformed.
    public init?(osc bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("7;") {
            guard let path = Self.path(ofFileURL: text.dropFirst(2)) else { return nil }
            self = .workingDirectory(path)
            return
        }
        guard text.hasPrefix("133;") else { return nil }
        let fields = text.dropFirst(4).split(separator: ";", omittingEmptySubsequences: false)
        switch fields.first {
        case "A": self = .promptStarted
        case "B": self = .inputStarted
        case "C":
            let encoded = fields.dropFirst().first { $0.hasPrefix("cmdline_url=") }?.dropFirst("cmdline_url=".count)
            self = .commandStarted(commandLine: encoded.flatMap { Self.percentDecoded($0, limit: Self.maxCommandLineBytes) })
        case "D":
            let rest = fields.dropFirst()
            let status = rest.first.flatMap { Int32($0) }
            let duration = rest.first { $0.hasPrefix("duration_ms=") }
                .flatMap { Int64($0.dropFirst("duration_ms=".count)) }
                .flatMap { $0 >= 0 ? $0 : nil }
            self = .commandEnded(exitStatus: status, durationMilliseconds: duration)
        case "I" where fields.dropFirst().first == "off":
            self = .integrationOff
        default:
            return nil
        }
    }

    /// The path of a `file://host/path` URL, percent-decoded; the host is dropped (the pane
    /// knows its host). Nil when it is not a `file:` URL.
    static func path(ofFileURL url: Substring) -> String? {
        guard url.hasPrefix("file://") else { return nil }
        let afterScheme = url.dropFirst("file://".count)
        guard let slash = afterScheme.firstIndex(of: "/") else { return nil }
        return percentDecoded(afterScheme[slash...], limit: Int.max)
    }

    /// `%XX` escapes decoded; nil when the result is longer than `limit` bytes.
    static func percentDecoded(_ text: Substring, limit: Int) -> String? {
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
            if bytes.count > limit { return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
