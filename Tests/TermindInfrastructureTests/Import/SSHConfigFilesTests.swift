import Foundation
import TermindApplication
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// The config reader's view of the file system: globs as OpenSSH expands them, bounded reads.
final class SSHConfigFilesTests: XCTestCase {
    func testAGlobMatchesInSortedOrderAndNothingMatchingIsEmpty() throws {
        let folder = try TemporaryDirectory(prefix: "termind-glob")
        try folder.write("", to: "config.d/b")
        try folder.write("", to: "config.d/a")
        try folder.write("", to: "config.d/.hidden")
        XCTAssertEqual(
            SSHConfigFiles().expandGlob(folder.path + "/config.d/*"), [folder.path + "/config.d/a", folder.path + "/config.d/b"])
        XCTAssertEqual(SSHConfigFiles().expandGlob(folder.path + "/nothing/*"), [])
    }

    func testReadingAFileOverOneMebibyteOrMissingIsAnErrorWithTheCause() throws {
        let folder = try TemporaryDirectory(prefix: "termind-config")
        let big = try folder.write(String(repeating: "#", count: SSHDirectoryLimits.maximumFileSize + 1), to: "big")
        let small = try folder.write("Host a\n", to: "config")
        XCTAssertEqual(try SSHConfigFiles().readFile(small), "Host a\n")
        XCTAssertThrowsError(try SSHConfigFiles().readFile(big)) { error in
            XCTAssertTrue("\(error)".contains("larger than 1 MiB"), "\(error)")
        }
        XCTAssertThrowsError(try SSHConfigFiles().readFile(folder.path + "/missing")) { error in
            XCTAssertEqual("\(error)", "No such file or directory")
        }
    }
}
