import TermindCrypto
import XCTest

final class SecureRandomTests: XCTestCase {
    func testGivesTheRequestedCount() throws {
        XCTAssertEqual(try SecureRandom.bytes(count: 32).count, 32)
        XCTAssertEqual(try SecureRandom.bytes(count: 0), [])
    }

    func testTwoDrawsDiffer() throws {
        XCTAssertNotEqual(try SecureRandom.bytes(count: 32), try SecureRandom.bytes(count: 32))
    }
}
