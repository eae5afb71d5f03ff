import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// The local side of a browser pane: this machine's `LocalFileSystem` in a temporary
/// directory, with what a browser asks of it: a listing with each entry's kind, size, mode and
/// owner, the start directory, a deletion counted then done (`FileTreeRemoval`: directories
/// with what they hold, a symlink removed and never followed), and a refused rename that names
/// the path and the system's reason.
final class LocalBrowsingTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let fileSystem = LocalFileSystem()

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-browse")
    }

    override func tearDown() {
        directory.remove()
    }

    private func path(_ name: String) -> String { directory.path + "/" + name }

    private func makeTree() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: path("tree/inner/deeper"), withIntermediateDirectories: true)
        for name in ["tree/a", "tree/inner/b", "tree/inner/deeper/c"] {
            XCTAssertTrue(manager.createFile(atPath: path(name), contents: Data("x".utf8)))
        }
        try manager.createDirectory(atPath: path("kept"), withIntermediateDirectories: true)
        XCTAssertTrue(manager.createFile(atPath: path("kept/precious"), contents: Data("keep".utf8)))
        // A link inside the tree to a directory outside it: deleting the tree removes the link only.
        try manager.createSymbolicLink(atPath: path("tree/link"), withDestinationPath: path("kept"))
    }

    func testAListingGivesEachEntrysKindSizeModeAndOwner() async throws {
        try makeTree()
        let entries = try await fileSystem.list(path("tree")).sorted { $0.name < $1.name }
        XCTAssertEqual(entries.map(\.name), ["a", "inner", "link"])
        XCTAssertEqual(entries.map(\.kind), [.file, .directory, .symlink])
        XCTAssertEqual(entries[0].attributes.size, 1)
        XCTAssertEqual(entries[0].attributes.userID, getuid())
        XCTAssertNotNil(entries[0].attributes.mode)
        XCTAssertNotNil(entries[0].attributes.modified)
        let target = try await fileSystem.readlink(path("tree/link"))
        XCTAssertEqual(target, path("kept"))
    }

    func testTheStartDirectoryIsWhereTermindRuns() async throws {
        let start = try await fileSystem.realpath(".")
        XCTAssertEqual(start, FileManager.default.currentDirectoryPath)
    }

    func testADeletionIsCountedThenRemovesTheTreeButNotWhatALinkPointsAt() async throws {
        try makeTree()
        let removal = FileTreeRemoval(fileSystem)
        let count = try await removal.count([path("tree")])
        XCTAssertEqual(count, 7, "tree, a, inner, b, deeper, c and the link")
        var removed = 0
        try await removal.remove([path("tree")]) { removed = $0 }
        XCTAssertEqual(removed, 7)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("tree")))
        XCTAssertEqual(FileManager.default.contents(atPath: path("kept/precious")), Data("keep".utf8))
    }

    func testARenameOntoAMissingDirectoryNamesThePathAndTheSystemsReason() async throws {
        try makeTree()
        do {
            try await fileSystem.rename(path("tree/a"), to: path("nowhere/a"), replacing: false)
            XCTFail("renamed into a directory that does not exist")
        } catch let error as FileSystemError {
            XCTAssertEqual(error.kind, .noSuchFile)
            XCTAssertTrue(error.description.contains(path("nowhere")), error.description)
            XCTAssertTrue(error.description.contains("No such file or directory"), error.description)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("tree/a")))
    }
}
