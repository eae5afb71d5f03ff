import TermindDomain
import XCTest

/// Modes print as `ls -l` prints them.
final class FileModeTextTests: XCTestCase {
    func testTypesAndPermissionsReadAsLsShowsThem() {
        XCTAssertEqual(FileModeText.text(0o100644), "-rw-r--r--")
        XCTAssertEqual(FileModeText.text(0o040755), "drwxr-xr-x")
        XCTAssertEqual(FileModeText.text(0o120777), "lrwxrwxrwx")
    }

    func testSpecialBitsShowLowercaseWithExecuteAndUppercaseWithout() {
        XCTAssertEqual(FileModeText.text(0o104755), "-rwsr-xr-x")
        XCTAssertEqual(FileModeText.text(0o102644), "-rw-r-Sr--")
        XCTAssertEqual(FileModeText.text(0o041777), "drwxrwxrwt")
        XCTAssertEqual(FileModeText.text(0o041776), "drwxrwxrwT")
    }
}
