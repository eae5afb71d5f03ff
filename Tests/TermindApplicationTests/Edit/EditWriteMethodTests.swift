import TermindApplication
import TermindDomain
import XCTest

/// When an edit's upload may rename a new file over the old one, and why it writes in place.
final class EditWriteMethodTests: XCTestCase {
    private let file = FileAttributes(userID: 1001, groupID: 1002, mode: 0o100660)
    private let mine = FileAttributes(userID: 1001, groupID: 1002, mode: 0o100600)

    private func choose(links: UInt64? = 1, newFile: FileAttributes?) -> EditWriteMethod {
        EditWriteMethod.choose(file: file, linkCount: links, owner: ("ptk", "tbar"), newFile: newFile)
    }

    func testAFileAsANewOneWouldBeWithOneLinkIsRenamed() {
        XCTAssertEqual(choose(newFile: mine), .rename)
        XCTAssertEqual(choose(links: nil, newFile: mine), .rename, "no link count told: as before")
    }

    func testAnotherOwnerIsWrittenInPlaceNamingThem() {
        XCTAssertEqual(choose(newFile: FileAttributes(userID: 1003, groupID: 1002)), .inPlace(because: "the file is owned by ptk"))
    }

    func testAnotherGroupIsWrittenInPlaceNamingIt() {
        XCTAssertEqual(choose(newFile: FileAttributes(userID: 1001, groupID: 1003)), .inPlace(because: "the file's group is tbar"))
    }

    func testHardLinksAreWrittenInPlace() {
        XCTAssertEqual(choose(links: 3, newFile: mine), .inPlace(because: "the file has 3 hard links"))
    }

    func testADirectoryRefusingNewFilesIsWrittenInPlace() {
        XCTAssertEqual(choose(newFile: nil), .inPlace(because: "the directory does not let you create a file"))
    }

    func testWithoutNamesTheIDsAreSaid() {
        let method = EditWriteMethod.choose(file: file, linkCount: 1, owner: (nil, nil), newFile: FileAttributes(userID: 0, groupID: 0))
        XCTAssertEqual(method, .inPlace(because: "the file is owned by uid 1001"))
    }
}
