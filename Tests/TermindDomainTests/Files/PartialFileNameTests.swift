import TermindDomain
import XCTest

/// Partial files sit hidden beside their destination under a name a later run can find.
final class PartialFileNameTests: XCTestCase {
    func testThePartialIsAHiddenSiblingWithTheSuffix() {
        XCTAssertEqual(PartialFileName.path(for: "/home/me/report.pdf"), "/home/me/.report.pdf.termind-partial")
        XCTAssertEqual(PartialFileName.path(for: "/top"), "/.top.termind-partial")
        XCTAssertEqual(PartialFileName.path(for: "relative"), ".relative.termind-partial")
        XCTAssertEqual(PartialFileName.path(for: "dir/name (1).txt"), "dir/.name (1).txt.termind-partial")
    }

    func testTheSameDestinationAlwaysGivesTheSamePartial() {
        XCTAssertEqual(PartialFileName.path(for: "/a/b"), PartialFileName.path(for: "/a/b"))
    }

    func testAVeryLongNameStaysUnderNameMaxAndUnique() {
        let long = String(repeating: "é", count: 126) + ".bin"  // 256 bytes of UTF-8
        let other = String(repeating: "é", count: 126) + ".dat"
        let partial = PartialFileName.partialName(for: long)
        XCTAssertLessThanOrEqual(partial.utf8.count, 255)
        XCTAssertTrue(partial.hasPrefix(".é"))
        XCTAssertTrue(partial.hasSuffix(PartialFileName.suffix))
        XCTAssertNotEqual(partial, PartialFileName.partialName(for: other))
        XCTAssertTrue(PartialFileName.isPartial(partial))
    }

    func testPartialNamesAreRecognisedAndOthersAreNot() {
        XCTAssertTrue(PartialFileName.isPartial(".a.termind-partial"))
        XCTAssertFalse(PartialFileName.isPartial("a.termind-partial"))
        XCTAssertFalse(PartialFileName.isPartial(".termind-partial"))
        XCTAssertFalse(PartialFileName.isPartial(".bashrc"))
    }
}
