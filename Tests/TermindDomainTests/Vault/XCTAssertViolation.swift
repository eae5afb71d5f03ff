import TermindDomain
import XCTest

/// Asserts that `expression` throws exactly `expected`, so a test proves which rule was broken
/// and with which reason, not merely that something failed.
func XCTAssertViolation<T>(
    _ expression: @autoclosure () throws -> T, _ expected: VaultRuleViolation,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertThrowsError(try expression(), file: file, line: line) { error in
        XCTAssertEqual(error as? VaultRuleViolation, expected, "threw \(error)", file: file, line: line)
    }
}
