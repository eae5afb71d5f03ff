import TermindDomain

import XCTest
@testable import TermindPresentation

/// Bytes as text with ESC shown as "⎋", so expected frames read like the sequences they are.
func visible(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
}

/// The bytes a frame should be: `text` with "⎋" standing for ESC.
func frameBytes(_ text: String) -> [UInt8] {
    Array(text.replacingOccurrences(of: "⎋", with: "\u{1B}").utf8)
}

/// Asserts the exact bytes of a frame, showing both sides readably when they differ.
func XCTAssertFrame(_ bytes: [UInt8], _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
    let actual = visible(bytes)
    if actual != expected {
        // debugDescription spells out CR, LF and BS, which a terminal would act on.
        XCTFail("\(actual.debugDescription) is not \(expected.debugDescription)", file: file, line: line)
    }
}

extension CellBuffer {
    /// A buffer showing `lines` from the top left in plain chrome.
    static func with(width: Int, height: Int, lines: [String], style: CellStyle = .chrome) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for (row, text) in lines.enumerated() where row < height {
            buffer.put(text, column: 0, row: row, style: style)
        }
        return buffer
    }
}
