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

/// A small, fixed-seed random number generator (SplitMix64), so a failing property test fails
/// the same way every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
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
