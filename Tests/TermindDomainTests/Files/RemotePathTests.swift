import TermindDomain
import XCTest

/// POSIX path arithmetic, without asking any file system.
final class RemotePathTests: XCTestCase {
    func testJoinPutsOneSlashBetween() {
        XCTAssertEqual(RemotePath.join("/a", "b"), "/a/b")
        XCTAssertEqual(RemotePath.join("/a/", "b"), "/a/b")
        XCTAssertEqual(RemotePath.join("/", "b"), "/b")
        XCTAssertEqual(RemotePath.join("", "b"), "b")
    }

    func testJoiningAnAbsoluteNameGivesThatName() {
        XCTAssertEqual(RemotePath.join("/a", "/etc/passwd"), "/etc/passwd")
    }

    func testNameIsTheLastComponentIgnoringTrailingSlashes() {
        XCTAssertEqual(RemotePath.name(of: "/a/b.txt"), "b.txt")
        XCTAssertEqual(RemotePath.name(of: "/a/dir/"), "dir")
        XCTAssertEqual(RemotePath.name(of: "plain"), "plain")
        XCTAssertEqual(RemotePath.name(of: "/"), "/")
        XCTAssertEqual(RemotePath.name(of: "//"), "/")
    }

    func testParentIsEverythingBeforeTheLastComponent() {
        XCTAssertEqual(RemotePath.parent(of: "/a/b"), "/a")
        XCTAssertEqual(RemotePath.parent(of: "/a"), "/")
        XCTAssertEqual(RemotePath.parent(of: "a"), ".")
        XCTAssertEqual(RemotePath.parent(of: "a/b/"), "a")
        XCTAssertEqual(RemotePath.parent(of: "/"), "/")
    }

    func testASiblingSharesTheParentAndABareNameStaysBare() {
        XCTAssertEqual(RemotePath.sibling(of: "/a/b.txt", named: "c.txt"), "/a/c.txt")
        XCTAssertEqual(RemotePath.sibling(of: "/top", named: "other"), "/other")
        XCTAssertEqual(RemotePath.sibling(of: "dir/b", named: "c"), "dir/c")
        XCTAssertEqual(RemotePath.sibling(of: "b", named: "c"), "c")
    }

    func testANameThatBeginsWithACombiningMarkIsStillItsOwnComponent() {
        // "/" followed by U+0301 is one Character; the slash must still separate.
        XCTAssertEqual(RemotePath.name(of: "/srv/\u{301}x"), "\u{301}x")
        XCTAssertEqual(RemotePath.parent(of: "/srv/\u{301}x"), "/srv")
        XCTAssertEqual(RemotePath.join("/srv/", "\u{301}x"), "/srv/\u{301}x")
        XCTAssertEqual(RemotePath.join("/srv", "\u{301}x"), "/srv/\u{301}x")
        XCTAssertEqual(RemotePath.name(of: "/srv/\u{301}x/"), "\u{301}x")
        XCTAssertEqual(RemotePath.sibling(of: "/\u{301}", named: "y"), "/y")
    }
}
