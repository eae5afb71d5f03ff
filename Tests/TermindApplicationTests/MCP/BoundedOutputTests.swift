import TermindApplication
import XCTest

final class BoundedOutputTests: XCTestCase {
    func testKeepsTheLimitCountsTheRestAndSaysItWasCut() {
        var output = BoundedOutput(limit: 10)
        output.append(Array("12345678".utf8))
        XCTAssertFalse(output.truncated)
        output.append(Array("9abcdef".utf8))
        XCTAssertEqual(output.text, "123456789a")
        XCTAssertEqual(output.total, 15)
        XCTAssertTrue(output.truncated)
    }

    func testInvalidUTF8BecomesReplacementCharacters() {
        var output = BoundedOutput(limit: 10)
        output.append([0x61, 0xFF, 0x62])
        XCTAssertEqual(output.text, "a\u{FFFD}b")
    }
}
