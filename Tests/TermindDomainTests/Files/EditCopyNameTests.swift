import TermindDomain
import XCTest

final class EditCopyNameTests: XCTestCase {
    func testDifferentHostsOrPathsNeverShareADirectoryName() {
        let names = [
            EditCopyName.directory(location: "web", path: "/etc/a.conf", random: "r"),
            EditCopyName.directory(location: "web", path: "/etc/b.conf", random: "r"),
            EditCopyName.directory(location: "db", path: "/etc/a.conf", random: "r"),
            // Labels that read the same once made safe still differ by their key.
            EditCopyName.directory(location: "web/1", path: "/etc/a.conf", random: "r"),
            EditCopyName.directory(location: "web:1", path: "/etc/a.conf", random: "r"),
        ]
        XCTAssertEqual(Set(names).count, names.count, "\(names)")
        XCTAssertTrue(names[0].hasPrefix("web-"), names[0])
        XCTAssertTrue(names[0].hasSuffix("-r"), names[0])
    }

    func testAHostileNameBecomesAPlainFileNameKeepingItsExtension() {
        XCTAssertEqual(EditCopyName.file(remoteName: "nginx.conf"), "nginx.conf")
        XCTAssertEqual(EditCopyName.file(remoteName: "evil\u{1B}]0;x\u{07}\nname.sh"), "evil__0_x__name.sh")
        XCTAssertEqual(EditCopyName.file(remoteName: ".."), "file")
        XCTAssertEqual(EditCopyName.file(remoteName: ""), "file")
        XCTAssertEqual(EditCopyName.file(remoteName: String(repeating: "a", count: 300)).count, 128)
        XCTAssertEqual(EditCopyName.directory(location: "a\u{1B}b", path: "/x", random: "r").prefix(4), "a_b-")
    }

    func testAVersionChangesWithAnyOfKindSizeMtimeOrModeAndUnknownFieldsVouchForNothing() {
        let version = FileVersion(FileAttributes(size: 5, mode: 0o100640, modified: 10))
        XCTAssertEqual(version.kind, .file)
        XCTAssertEqual(version.permissions, 0o640)
        XCTAssertTrue(version.isUnchanged(in: FileVersion(FileAttributes(size: 5, mode: 0o100640, accessed: 99, modified: 10))))
        XCTAssertFalse(version.isUnchanged(in: FileVersion(FileAttributes(size: 5, mode: 0o100644, modified: 10))))
        let unknown = FileVersion(FileAttributes(size: 5, mode: 0o100640))
        XCTAssertFalse(unknown.isUnchanged(in: unknown))
        XCTAssertEqual(version.description, "5 bytes, modified 1970-01-01 00:00:10 UTC, mode 0640")
    }
}
