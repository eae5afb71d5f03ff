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
/// Each carries its session's `ShellMarkToken` (`;termind=TOKEN` last in an OSC 133,
/// `?termind=TOKEN` after an OSC 7's URL): with a token expected, a mark without it, or with
/// another, is no mark (a program printed it) and is left to the terminal as ordinary output.
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
    /// when it is another OSC, malformed, or does not carry `token`. Without a token (a shell
    /// without Termind's integration, which records nothing) a mark needs none.
    public init?(osc bytes: some Collection<UInt8>, token: ShellMarkToken? = nil) {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("7;") {
            var url = text.dropFirst(2)
            // The path is percent-encoded: a `?` starts the query.
            var carried: Substring?
            if let query = url.lastIndex(of: "?"), url[url.index(after: query)...].hasPrefix(ShellMarkToken.fieldName) {
                carried = url[url.index(after: query)...]
                url = url[..<query]
            }
            guard Self.carries(token, carried), let path = Self.path(ofFileURL: url) else { return nil }
            self = .workingDirectory(path)
            return
        }
        guard text.hasPrefix("133;") else { return nil }
        var fields = text.dropFirst(4).split(separator: ";", omittingEmptySubsequences: false)
        let carried = fields.last?.hasPrefix(ShellMarkToken.fieldName) == true ? fields.removeLast() : nil
        guard Self.carries(token, carried) else { return nil }
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

    /// Whether a mark carrying `field` (nil: none) is its session's.
    private static func carries(_ token: ShellMarkToken?, _ field: Substring?) -> Bool {
        guard let token else { return true }
        return field.map { $0 == token.field } ?? false
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
