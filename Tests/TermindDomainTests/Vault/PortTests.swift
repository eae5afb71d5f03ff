import Foundation
import TermindDomain
import XCTest

private typealias Port = TermindDomain.Port

final class PortTests: XCTestCase {
    func testBothEndsOfTheRangeAreValid() throws {
        XCTAssertEqual(try Port(1).rawValue, 1)
        XCTAssertEqual(try Port(65535).rawValue, 65535)
        XCTAssertEqual(try Port(2222).description, "2222")
    }

    func testTheDefaultIsTwentyTwo() {
        XCTAssertEqual(Port.ssh.rawValue, 22)
    }

    func testValuesOutsideOneToSixtyFiveThousandFiveHundredThirtyFiveAreRejected() {
        for value in [0, 65536, -1, Int.max, Int.min] {
            XCTAssertViolation(try Port(value), .invalidPort(value))
        }
    }

    func testEncodesAsANumberAndRefusesToDecodeAnOutOfRangeOne() throws {
        let ports: [Port] = [try Port(2222)]
        let data = try JSONEncoder().encode(ports)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[2222]")
        let decoded = try JSONDecoder().decode([Port].self, from: data)
        XCTAssertEqual(decoded, ports)
        let outOfRange = Data("[0]".utf8)
        XCTAssertThrowsError(try JSONDecoder().decode([Port].self, from: outOfRange)) { (error: any Error) in
            XCTAssertEqual(error as? VaultRuleViolation, .invalidPort(0), "threw \(error)")
        }
    }
}
