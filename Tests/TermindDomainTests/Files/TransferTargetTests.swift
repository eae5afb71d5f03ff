import TermindDomain
import XCTest

/// Where sources land, as `cp` decides it.
final class TransferTargetTests: XCTestCase {
    func testSourcesGoIntoAnExistingDirectoryUnderTheirNames() throws {
        XCTAssertEqual(
            try TransferTarget.paths(for: ["/srv/a.txt", "/srv/tree/"], destination: "/home/me", existing: .directory),
            ["/home/me/a.txt", "/home/me/tree"])
    }

    func testOneSourceToAMissingPathTakesThatPath() throws {
        XCTAssertEqual(try TransferTarget.paths(for: ["/srv/a.txt"], destination: "/home/me/b.txt", existing: nil), ["/home/me/b.txt"])
    }

    func testOneSourceOntoAFileTakesItsPathForTheConflictPolicy() throws {
        XCTAssertEqual(try TransferTarget.paths(for: ["/a"], destination: "/b", existing: .file), ["/b"])
    }

    func testSeveralSourcesNeedADirectory() {
        XCTAssertThrowsError(try TransferTarget.paths(for: ["/a", "/b"], destination: "/x", existing: nil)) { error in
            XCTAssertEqual(error as? TransferTarget.Problem, .severalSourcesNeedADirectory(count: 2))
        }
        XCTAssertThrowsError(try TransferTarget.paths(for: ["/a", "/b"], destination: "/x", existing: .file))
    }

    func testATrailingSlashNamesADirectoryThatMustExist() {
        XCTAssertThrowsError(try TransferTarget.paths(for: ["/a"], destination: "/x/", existing: nil)) { error in
            XCTAssertEqual(error as? TransferTarget.Problem, .noSuchDirectory)
        }
        XCTAssertThrowsError(try TransferTarget.paths(for: ["/a"], destination: "/x/", existing: .file)) { error in
            XCTAssertEqual(error as? TransferTarget.Problem, .notADirectory)
        }
    }

    func testARootOrDotSourceMergesIntoTheDirectoryItself() throws {
        XCTAssertEqual(try TransferTarget.paths(for: ["/", "."], destination: "/backup", existing: .directory), ["/backup", "/backup"])
    }
}
