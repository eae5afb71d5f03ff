import XCTest

/// Fails when `bytes` hold an ESC other than `ESC [ K` (the progress line's own erase) or any
/// BEL or C1 control.
func assertNoTerminalControl(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
    let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}[K", with: "")
    XCTAssertFalse(text.unicodeScalars.contains("\u{1B}"), "an ESC reached the terminal: \(text.debugDescription)", file: file, line: line)
    XCTAssertFalse(text.unicodeScalars.contains("\u{07}"), "a BEL reached the terminal: \(text.debugDescription)", file: file, line: line)
    XCTAssertFalse(text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "a C1 control: \(text.debugDescription)", file: file, line: line)
}
