import XCTest

@testable import TermindCLI

/// termind exits with a remote command's status the way a shell reports a child's.
final class RemoteExitStatusTests: XCTestCase {
    func testExitStatusPassesThrough() {
        XCTAssertEqual(RemoteExitStatus.of(status: 0, signal: nil), 0)
        XCTAssertEqual(RemoteExitStatus.of(status: 3, signal: nil), 3)
    }

    func testKillingSignalBecomes128PlusItsNumber() {
        XCTAssertEqual(RemoteExitStatus.of(status: nil, signal: "TERM"), 143)
        XCTAssertEqual(RemoteExitStatus.of(status: 0, signal: "KILL"), 137)
        XCTAssertEqual(RemoteExitStatus.of(status: nil, signal: "HUP"), 129)
    }

    func testUnknownSignalOrMissingStatusIsTermindsOwnFailure() {
        XCTAssertEqual(RemoteExitStatus.of(status: nil, signal: "XCPU-ish"), 255)
        XCTAssertEqual(RemoteExitStatus.of(status: nil, signal: nil), 255)
    }
}
