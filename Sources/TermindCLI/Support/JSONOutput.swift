import Foundation
import TermindDomain

/// `--json` output: sorted keys, pretty-printed, one document per command, ISO-8601 dates.
/// What is written here is a contract for scripts; it never holds a secret. Strings hold the
/// real text (a file name as the server sent it), with every control character written as a
/// JSON escape (`\u001b`), DEL, C1 and line reordering characters too, so the document is
/// safe on a terminal and reads back to the same text.
enum JSONOutput {
    static func text<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
    }

    /// The encoder `element` takes: `text`'s settings, made once per listing (making one per
    /// element was most of `ls --json`'s time).
    static func elementEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// `value` as an element of a pretty-printed array written piece by piece (`ls --json`
    /// streams its array): `text`'s form, its lines indented as inside the array.
    static func element<Value: Encodable>(_ value: Value, encoder: JSONEncoder) throws -> String {
        // JSON strings hold no raw newline: every one is between tokens.
        escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self))
            .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
    }

    /// One compact JSON object on one line (JSON lines, for streams of results).
    static func line<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
    }

    /// `json` with the control characters JSONEncoder leaves as they are (DEL, C1, reordering)
    /// written as `\uXXXX`, and a name's bytes that are not UTF-8 (`NameBytes`) as `\udcXX`
    /// (PEP 383: Python's `os.fsencode(json.loads(...))` gives the bytes back). Outside strings
    /// JSON holds only ASCII, so only strings change.
    static func escapingControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { TerminalSafeText.isControl($0) || NameBytes.escapedByte($0) != nil })
        else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if let byte = NameBytes.escapedByte(scalar) {
                result.append(contentsOf: Self.escape(0xDC00 + UInt32(byte)).unicodeScalars)
            } else if scalar != "\n" && TerminalSafeText.isControl(scalar) {
                result.append(contentsOf: Self.escape(scalar.value).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func escape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
