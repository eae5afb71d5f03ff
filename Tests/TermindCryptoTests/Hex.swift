import TermindCrypto
import XCTest

/// Bytes from hexadecimal written in a test; a typo fails the test at the call site.
func hex(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [UInt8] {
    guard let bytes = [UInt8](hex: text) else {
        XCTFail("not hexadecimal: \(text)", file: file, line: line)
        return []
    }
    return bytes
}

/// Bytes of an ASCII test message.
func ascii(_ text: String) -> [UInt8] {
    Array(text.utf8)
}
