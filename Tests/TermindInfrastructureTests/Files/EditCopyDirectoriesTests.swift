import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// Where edit copies go: a new 0700 directory per edit under `<cache>/termind/edit`, and
/// nothing planted on the way (a symlink, another user's directory) is ever written through.
final class EditCopyDirectoriesTests: XCTestCase {
    private var cache: TemporaryDirectory!
    private let file = TransferAddress(location: "web", path: "/etc/app.conf")

    override func setUpWithError() throws {
        cache = try TemporaryDirectory(prefix: "termind-edit-cache")
    }

    override func tearDown() {
        cache.remove()
    }

    private var store: EditCopyDirectories { EditCopyDirectories(cacheBase: cache.path + "/cache") }

    private func makeDirectory(_ name: String) throws -> String {
        let path = cache.path + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func status(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    func testEachEditGetsANewPrivateDirectoryUnderTheCache() throws {
        let first = try store.makeDirectory(for: file)
        let second = try store.makeDirectory(for: file)
        let other = try store.makeDirectory(for: TransferAddress(location: "db", path: "/etc/app.conf"))

        XCTAssertEqual(Set([first, second, other]).count, 3, "two edits of one file get their own copies")
        for path in [first, second, other, store.directory, cache.path + "/cache/termind"] {
            let found = try XCTUnwrap(status(path), path)
            XCTAssertEqual(found.st_mode & S_IFMT, S_IFDIR, path)
            XCTAssertEqual(found.st_mode & 0o777, 0o700, path)
            XCTAssertEqual(found.st_uid, geteuid(), path)
        }
        XCTAssertTrue(first.hasPrefix(store.directory + "/web-"), first)
    }

    func testXDGCacheHomeIsTheBaseElseTheHomeCache() {
        let set = XDGPaths(environment: ["XDG_CACHE_HOME": "/c"], homeDirectory: "/home/a")
        XCTAssertEqual(EditCopyDirectories(paths: set).directory, "/c/termind/edit")
        let unset = XDGPaths(environment: [:], homeDirectory: "/home/a")
        XCTAssertEqual(EditCopyDirectories(paths: unset).directory, "/home/a/.cache/termind/edit")
    }

    func testASymlinkPlantedAtTheEditDirectoryIsRefusedAndNotFollowed() throws {
        let elsewhere = try makeDirectory("elsewhere")
        try FileManager.default.createDirectory(atPath: cache.path + "/cache/termind", withIntermediateDirectories: true)
        XCTAssertEqual(symlink(elsewhere, store.directory), 0)

        XCTAssertThrowsError(try store.makeDirectory(for: file)) { error in
            let failure = error as? FileSystemError
            XCTAssertEqual(failure?.kind, .unexpectedFile, "\(error)")
            XCTAssertEqual(failure?.path, store.directory)
            XCTAssertTrue(failure?.detail.contains("symbolic link") == true, "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [])
        XCTAssertEqual(status(store.directory).map { $0.st_mode & S_IFMT }, S_IFLNK, "left as it was")
    }

    func testASymlinkPlantedAtTheTermindDirectoryIsRefused() throws {
        let elsewhere = try makeDirectory("elsewhere")
        try FileManager.default.createDirectory(atPath: cache.path + "/cache", withIntermediateDirectories: true)
        XCTAssertEqual(symlink(elsewhere, cache.path + "/cache/termind"), 0)

        XCTAssertThrowsError(try store.makeDirectory(for: file)) { error in
            XCTAssertEqual((error as? FileSystemError)?.kind, .unexpectedFile, "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [])
    }

    func testAnotherUsersEditDirectoryIsRefused() throws {
        try XCTSkipIf(geteuid() != 0 && ProcessInfo.processInfo.environment["CI"] != "true", "needs root to give a directory away")
        XCTAssertEqual(geteuid(), 0, "giving a directory to another user needs root")
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        XCTAssertEqual(chown(store.directory, 65534, 65534), 0)

        XCTAssertThrowsError(try store.makeDirectory(for: file)) { error in
            let failure = error as? FileSystemError
            XCTAssertEqual(failure?.kind, .unexpectedFile, "\(error)")
            XCTAssertTrue(failure?.detail.contains("belongs to user 65534") == true, "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.directory), [])
    }

    func testAnOwnEditDirectoryOpenToOthersIsMadePrivate() throws {
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(store.directory, 0o755), 0)
        _ = try store.makeDirectory(for: file)
        XCTAssertEqual(status(store.directory).map { $0.st_mode & 0o777 }, 0o700)
    }
}
