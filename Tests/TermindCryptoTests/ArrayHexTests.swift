import TermindCrypto
import XCTest

final class ArrayHexTests: XCTestCase {
    func testParsesEitherCaseAndPrintsLowerCase() {
        XCTAssertEqual([UInt8](hex: "00ff7Fa0"), [0x00, 0xff, 0x7f, 0xa0])
        XCTAssertEqual([0x00, 0xff, 0x7f, 0xa0].hexString, "00ff7fa0")
        XCTAssertEqual([UInt8](hex: ""), [])
    }

    func testRejectsOddLengthAndNonHexCharacters() {
        XCTAssertNil([UInt8](hex: "abc"))
        XCTAssertNil([UInt8](hex: "zz"))
        XCTAssertNil([UInt8](hex: "ab cd"))
        XCTAssertNil([UInt8](hex: "ab:cd"))
    }
}
