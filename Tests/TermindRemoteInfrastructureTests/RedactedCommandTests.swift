@testable import TermindRemoteInfrastructure
import XCTest

/// A remote command is named by its program alone in messages and logs: its arguments may be
/// a password.
final class RedactedCommandTests: XCTestCase {
    func testArgumentsAreLeftOutAndTheProgramKept() {
        XCTAssertEqual(RedactedCommand("mysql -u root -pS3cret").description, "command `mysql …`")
        XCTAssertEqual(RedactedCommand("uptime").description, "command `uptime`")
        XCTAssertEqual(RedactedCommand("  cat\tlog").description, "command `cat …`")
    }

    func testALeadingAssignmentHidesTheWholeLine() {
        XCTAssertEqual(RedactedCommand("PGPASSWORD=S3cret psql").description, "command `…`")
        XCTAssertEqual(RedactedCommand("").description, "command `…`")
    }
}
