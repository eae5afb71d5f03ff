/// A keymap file read into directives: the defaults (`Resources/keymap.default`) or the
/// person's own (`$XDG_CONFIG_HOME/termind/keymap`), which is layered over them. The text comes
/// in as a String; reading the file is the caller's job.
///
/// The format is one statement a line, words separated by spaces, `#` starting a comment line
/// or a comment after a complete statement:
///
///     set prefix C-\
///     bind prefix % split-horizontal      # prefix, then %
///     bind M-Left focus-left              # Alt-Left on its own
///     bind prefix M-Left resize-left 5
///     bind prefix prefix send-prefix      # the prefix twice sends it to the pane
///     unbind prefix q
///     unbind-all
///
/// A key that is also a word of the format can be quoted: `bind prefix '#' zoom` (though
/// `bind prefix # zoom` reads the same, as the key's place is known).
///
/// A bad line is reported and skipped; every good line is kept, so one mistake in a person's
/// file does not take the other bindings away.
public struct KeymapFile: Sendable, Hashable {
    /// The default keymap's file name in `Resources/`.
    public static let defaultFileName = "keymap.default"
    /// The person's keymap's file name in Termind's config directory (`$XDG_CONFIG_HOME/termind`).
    public static let userFileName = "keymap"

    public let name: String
    public let lines: [KeymapLine]
    public let problems: [KeymapProblem]

    public init(parsing text: String, name: String) {
        self.name = name
        var lines: [KeymapLine] = []
        var problems: [KeymapProblem] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            do throws(KeymapLineError) {
                lines.append(KeymapLine(number: index + 1, directive: try KeymapFile.directive(words)))
            } catch {
                problems.append(KeymapProblem(file: name, line: index + 1, message: error.message))
            }
        }
        self.lines = lines
        self.problems = problems
    }

    private static let statements = ["bind", "unbind", "unbind-all", "set"]

    private static func directive(_ words: [String]) throws(KeymapLineError) -> KeymapDirective {
        var rest = words.dropFirst()
        switch words[0].lowercased() {
        case "bind":
            guard !rest.isEmpty else { throw KeymapLineError("bind needs a key and an action: bind [prefix] KEY ACTION") }
            let trigger = try trigger(&rest, statement: "bind")
            guard let name = rest.popFirst(), !name.hasPrefix("#") else {
                throw KeymapLineError("bind \(trigger) needs an action after the key")
            }
            var argument: String?
            if let next = rest.first, !next.hasPrefix("#") {
                argument = next
                rest.removeFirst()
            }
            let action: KeyAction
            do throws(KeyActionError) {
                action = try KeyAction(name: name, argument: argument)
            } catch {
                throw KeymapLineError(error.description)
            }
            try endOfStatement(rest)
            return .bind(trigger, action)
        case "unbind":
            guard !rest.isEmpty else { throw KeymapLineError("unbind needs a key: unbind [prefix] KEY (or unbind-all)") }
            let trigger = try trigger(&rest, statement: "unbind")
            try endOfStatement(rest)
            return .unbind(trigger)
        case "unbind-all":
            try endOfStatement(rest)
            return .unbindAll
        case "set":
            guard rest.popFirst()?.lowercased() == "prefix" else {
                throw KeymapLineError("the only setting is the prefix: set prefix KEY")
            }
            guard let name = rest.popFirst() else { throw KeymapLineError("set prefix needs a key") }
            let key = try key(name)
            try endOfStatement(rest)
            return .setPrefix(key)
        default:
            let hint = KeymapSuggestion.closest(to: words[0], among: statements).map { " (did you mean \($0)?)" } ?? ""
            throw KeymapLineError(
                "unknown statement '\(words[0])'\(hint); a line is bind, unbind, unbind-all, set prefix or a # comment")
        }
    }

    /// `KEY`, `prefix KEY` or `prefix prefix`.
    private static func trigger(_ words: inout ArraySlice<String>, statement: String) throws(KeymapLineError) -> KeyTrigger {
        let first = words.removeFirst()
        guard first.lowercased() == "prefix" else { return .direct(try key(first)) }
        guard let second = words.first, !(second.hasPrefix("#") && second.count > 1) else {
            throw KeymapLineError("\(statement) prefix needs the key to press after the prefix")
        }
        words.removeFirst()
        if second.lowercased() == "prefix" { return .prefixTwice }
        do throws(KeyNameError) {
            return .afterPrefix(try Key(name: unquoted(second)))
        } catch {
            // `bind prefix zoom`: the key was left out, and the action read as one.
            if statement == "bind", words.isEmpty, KeyAction.Name(rawValue: second.lowercased()) != nil {
                throw KeymapLineError("bind prefix needs the key to press after the prefix, before '\(second)'")
            }
            throw KeymapLineError(error.description)
        }
    }

    private static func key(_ word: String) throws(KeymapLineError) -> Key {
        do throws(KeyNameError) {
            return try Key(name: unquoted(word))
        } catch {
            throw KeymapLineError(error.description)
        }
    }

    /// `'#'` and `"%"` are the keys `#` and `%`.
    private static func unquoted(_ word: String) -> String {
        guard word.count >= 3, let open = word.first, open == "'" || open == "\"", word.last == open else { return word }
        return String(word.dropFirst().dropLast())
    }

    private static func endOfStatement(_ rest: ArraySlice<String>) throws(KeymapLineError) {
        if let extra = rest.first, !extra.hasPrefix("#") {
            throw KeymapLineError("unexpected '\(extra)' at the end of the line (a comment starts with #)")
        }
    }
}

/// A line's problem before it knows its file and line number.
struct KeymapLineError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
