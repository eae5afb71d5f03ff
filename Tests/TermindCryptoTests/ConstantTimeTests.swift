import TermindCrypto
import XCTest

final class ConstantTimeTests: XCTestCase {
    func testEqualBytesAreEqual() {
        XCTAssertTrue(ConstantTime.equals(ascii("same tag"), ascii("same tag")))
        XCTAssertTrue(ConstantTime.equals([], []))
    }

    func testDifferenceInLastByteIsUnequal() {
        XCTAssertFalse(ConstantTime.equals([1, 2, 3, 4], [1, 2, 3, 5]))
    }

    func testDifferentLengthsAreUnequal() {
        XCTAssertFalse(ConstantTime.equals([1, 2, 3], [1, 2, 3, 0]))
        XCTAssertFalse(ConstantTime.equals([], [0]))
    }
}
