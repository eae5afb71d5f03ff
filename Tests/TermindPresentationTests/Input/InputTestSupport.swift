import XCTest
@testable import TermindPresentation

/// Bytes written as text, with "⎋" standing for ESC.
func inputBytes(_ text: String) -> [UInt8] {
    Array(text.replacingOccurrences(of: "⎋", with: "\u{1B}").utf8)
}

/// Events of a whole byte sequence: fed in one chunk, then the terminal going quiet.
func decodeAll(_ bytes: [UInt8]) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.feed(bytes) + decoder.flushTimeout()
}

/// Asserts `bytes` decode to `expected` however a read cuts them: in one chunk, and in every
/// split into two chunks (the first chunk's events, then the second's, then the flush after
/// the quiet), so no sequence depends on arriving whole.
func XCTAssertDecodesInEverySplit(
    _ bytes: [UInt8],
    _ expected: [InputEvent],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertEqual(decodeAll(bytes), expected, "in one chunk", file: file, line: line)
    for cut in 1..<max(1, bytes.count) {
        var decoder = InputDecoder()
        let events = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...]) + decoder.flushTimeout()
        XCTAssertEqual(events, expected, "split at byte \(cut) of \(bytes.count)", file: file, line: line)
    }
}

extension InputEvent {
    /// A character key.
    static func text(_ character: Character, _ modifiers: KeyModifiers = []) -> InputEvent {
        .key(KeyPress(.character(character), modifiers: modifiers))
    }

    /// A key that is not a character.
    static func special(_ key: InputKey, _ modifiers: KeyModifiers = []) -> InputEvent {
        .key(KeyPress(key, modifiers: modifiers))
    }
}
