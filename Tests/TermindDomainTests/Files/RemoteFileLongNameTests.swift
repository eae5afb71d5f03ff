import TermindDomain
import XCTest

/// The link count and names only a server's `ls -l` line tells.
final class RemoteFileLongNameTests: XCTestCase {
    private func file(_ longName: String?) -> RemoteFile {
        RemoteFile(path: "/srv/app.env", attributes: FileAttributes(mode: 0o100660), longName: longName)
    }

    func testOpenSSHsLineGivesLinksOwnerAndGroup() {
        let listed = file("-rw-rw----    2 ptk      tbar            5 Jan  1 00:00 app.env")
        XCTAssertEqual(listed.listedLinkCount, 2)
        XCTAssertEqual(listed.listedOwner, "ptk")
        XCTAssertEqual(listed.listedGroup, "tbar")
    }

    func testALineOfAnotherShapeTellsNothing() {
        for line in [nil, "", "app.env", "-rw-rw---- x ptk tbar 5 app.env", "drwx 2 a b", "12 2 ptk tbar 5 app.env"] {
            let listed = file(line)
            XCTAssertNil(listed.listedLinkCount, line ?? "nil")
            XCTAssertNil(listed.listedOwner, line ?? "nil")
        }
    }
}
