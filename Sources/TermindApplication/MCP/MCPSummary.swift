/// What the log and the audit may say of a call's arguments: never a command's arguments
/// (they may hold a token) nor its input, only the command's first word, paths and sizes;
/// each value bounded and with control characters escaped, so an agent cannot forge lines.
public enum MCPSummary {
    public static func of(_ arguments: [String: JSONValue]) -> String {
        arguments.keys.sorted().map { key in
            let value = arguments[key] ?? .null
            switch (key, value) {
            case ("command", .string(let command)):
                var first = command.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.map(String.init) ?? ""
                // `TOKEN=s3cret curl ...`: an assignment's value is as secret as an argument.
                if let equals = first.firstIndex(of: "=") { first = String(first[...equals]) + "…" }
                return "command=`\(bounded(first, limit: 40)) …`"
            case ("stdin", .string(let text)): return "stdin=<\(text.utf8.count) bytes>"
            case (_, .string(let text)): return "\(bounded(key, limit: 40))=\(bounded(text, limit: 200))"
            default: return "\(bounded(key, limit: 40))=\(bounded(value.jsonText, limit: 100))"
            }
        }.joined(separator: " ")
    }

    /// `text` cut to `limit` characters (an ellipsis marks the cut), control characters as
    /// `\u{..}` escapes.
    public static func bounded(_ text: String, limit: Int) -> String {
        var shown = ""
        for (index, character) in text.unicodeScalars.enumerated() {
            if index == limit { return shown + "…" }
            if character.properties.generalCategory == .control || character == "\u{2028}" || character == "\u{2029}" {
                shown += "\\u{\(String(character.value, radix: 16))}"
            } else {
                shown.unicodeScalars.append(character)
            }
        }
        return shown
    }
}
