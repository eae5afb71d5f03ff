import TermindApplication
import XCTest

/// Which file a partial record names: device and inode where there are any, else owner, size
/// and mtime; the owner always.
final class FileIdentityTests: XCTestCase {
    func testAnIdentityWithAnInodeMatchesOnlyThatDeviceAndInode() {
        let recorded = FileIdentity(device: 1, inode: 42, userID: 1000, size: 10, modified: 100)
        XCTAssertTrue(recorded.matches(FileIdentity(device: 1, inode: 42, userID: 1000, size: 99, modified: 200)))
        XCTAssertFalse(recorded.matches(FileIdentity(device: 1, inode: 43, userID: 1000, size: 10, modified: 100)))
        XCTAssertFalse(recorded.matches(FileIdentity(device: 2, inode: 42, userID: 1000, size: 10, modified: 100)))
        XCTAssertFalse(recorded.matches(FileIdentity(device: 1, inode: 42, userID: 0, size: 10, modified: 100)))
    }

    func testAnIdentityWithoutAnInodeMatchesOnlyTheSameOwnerSizeAndMtime() {
        let recorded = FileIdentity(userID: 1000, size: 10, modified: 100)
        XCTAssertTrue(recorded.matches(FileIdentity(userID: 1000, size: 10, modified: 100)))
        XCTAssertFalse(recorded.matches(FileIdentity(userID: 1000, size: 11, modified: 100)))
        XCTAssertFalse(recorded.matches(FileIdentity(userID: 1000, size: 10, modified: 101)))
        XCTAssertFalse(recorded.matches(FileIdentity(userID: 1001, size: 10, modified: 100)))
    }

    func testAnIdentityRecordedWhileWritingNamesTheOwnerAlone() {
        let remote = FileIdentity(userID: 1000, size: 10, modified: 100).whileWriting
        XCTAssertEqual(remote, FileIdentity(userID: 1000))
        XCTAssertTrue(remote.matches(FileIdentity(userID: 1000, size: 5000, modified: 300)))
        XCTAssertFalse(remote.matches(FileIdentity(userID: 0, size: 5000, modified: 300)))
        let local = FileIdentity(device: 1, inode: 42, userID: 1000, size: 10, modified: 100)
        XCTAssertEqual(local.whileWriting, local, "an inode does not change with writes")
    }

    func testAnEmptyIdentityMatchesNothing() {
        XCTAssertFalse(FileIdentity().matches(FileIdentity(userID: 1000, size: 10, modified: 100)))
    }
}
