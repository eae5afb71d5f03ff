import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// The `FileSystem` port on this machine: POSIX calls, and `errno` mapped to kinds that name
/// the path with the system's message.
final class LocalFileSystemTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let fileSystem = LocalFileSystem()

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-localfs")
    }

    override func tearDown() {
        directory.remove()
    }

    private func path(_ name: String) -> String { directory.path + "/" + name }

    private func write(_ bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
    }

    private func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    private func assertFails<T>(
        _ kind: FileSystemError.Kind, path expected: String, file: StaticString = #filePath, line: UInt = #line,
        _ body: () async throws -> T
    ) async {
        do {
            _ = try await body()
            XCTFail("no error", file: file, line: line)
        } catch let error as FileSystemError {
            XCTAssertEqual(error.kind, kind, "\(error)", file: file, line: line)
            XCTAssertEqual(error.path, expected, file: file, line: line)
            XCTAssertEqual(error.location, "local", file: file, line: line)
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
    }

    func testListingGivesEachEntryWithItsOwnAttributesAndNoDotEntries() async throws {
        try write([1, 2, 3], to: "file")
        mkdir(path("sub"), 0o750)
        symlink("file", path("link"))

        let entries = try await fileSystem.list(directory.path).sorted { $0.name < $1.name }

        XCTAssertEqual(entries.map(\.name), ["file", "link", "sub"])
        XCTAssertEqual(entries.map(\.kind), [.file, .symlink, .directory])
        XCTAssertEqual(entries[0].attributes.size, 3)
        XCTAssertEqual(entries[0].path, path("file"))
        XCTAssertEqual(entries[2].attributes.permissions, 0o750)
    }

    func testStatFollowsSymlinksAndLstatDoesNot() async throws {
        try write([1, 2, 3, 4], to: "file")
        symlink("file", path("link"))

        let followed = try await fileSystem.stat(path("link"))
        let itself = try await fileSystem.lstat(path("link"))

        XCTAssertEqual(followed.kind, .file)
        XCTAssertEqual(followed.attributes.size, 4)
        XCTAssertEqual(itself.kind, .symlink)
    }

    func testAMissingPathIsNoSuchFileWithTheSystemsMessage() async {
        let missing = path("nothing/here")
        do {
            _ = try await fileSystem.stat(missing)
            XCTFail("no error")
        } catch let error as FileSystemError {
            XCTAssertEqual(error.kind, .noSuchFile)
            XCTAssertEqual(error.description, "\(missing): cannot inspect: No such file or directory")
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testPermissionDeniedIsMappedEvenForRoot() async throws {
        // Root passes every permission check on ordinary files; sysfs refuses new files to anyone.
        guard (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8))?.contains(" /sys sysfs ") == true else {
            throw TestRigError("this test needs sysfs mounted at /sys")
        }
        let refused = "/sys/kernel/termind-test-\(getpid())"
        await assertFails(.permissionDenied, path: refused) {
            try await fileSystem.openForWriting(refused, .createNew, permissions: 0o600)
        }
    }

    func testTheOtherErrnoKindsAreMapped() async throws {
        try write([1], to: "file")
        mkdir(path("full"), 0o755)
        try write([1], to: "full/inside")

        await assertFails(.notADirectory, path: path("file")) { try await fileSystem.list(path("file")) }
        await assertFails(.alreadyExists, path: path("file")) { try await fileSystem.makeDirectory(path("file"), permissions: 0o755) }
        await assertFails(.directoryNotEmpty, path: path("full")) { try await fileSystem.removeDirectory(path("full")) }
        await assertFails(.isADirectory, path: path("full")) { try await fileSystem.openForWriting(path("full"), .keep, permissions: 0o600) }
        await assertFails(.alreadyExists, path: path("file")) { try await fileSystem.openForWriting(path("file"), .createNew, permissions: 0o600) }
        await assertFails(.noSuchFile, path: path("gone")) { try await fileSystem.remove(path("gone")) }
    }

    func testRenameWithoutReplacingNeverClobbersAnExistingDestination() async throws {
        try write([1], to: "new")
        try write([2], to: "old")

        await assertFails(.alreadyExists, path: path("old")) {
            try await fileSystem.rename(path("new"), to: path("old"), replacing: false)
        }

        XCTAssertEqual(try read("old"), [2])
        XCTAssertEqual(try read("new"), [1])
    }

    func testRenameWithoutReplacingMovesToAFreeName() async throws {
        try write([1], to: "new")

        try await fileSystem.rename(path("new"), to: path("free"), replacing: false)

        XCTAssertEqual(try read("free"), [1])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("new")))
    }

    func testRenameReplacingReplacesTheDestination() async throws {
        try write([1], to: "new")
        try write([2], to: "old")

        try await fileSystem.rename(path("new"), to: path("old"), replacing: true)

        XCTAssertEqual(try read("old"), [1])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("new")))
    }

    func testSetAttributesChangesSizeModeAndTimes() async throws {
        try write([1, 2, 3, 4, 5], to: "file")

        try await fileSystem.setAttributes(path("file"), FileAttributes(size: 2, mode: 0o100640, accessed: 1_000_000_000, modified: 1_200_000_000))

        let file = try await fileSystem.stat(path("file"))
        XCTAssertEqual(file.attributes.size, 2)
        XCTAssertEqual(file.attributes.permissions, 0o640)
        XCTAssertEqual(file.attributes.accessed, 1_000_000_000)
        XCTAssertEqual(file.attributes.modified, 1_200_000_000)
    }

    func testSettingOnlyTheMtimeLeavesTheAccessTime() async throws {
        try write([1], to: "file")
        try await fileSystem.setAttributes(path("file"), FileAttributes(accessed: 1_000_000_000, modified: 1_000_000_000))

        try await fileSystem.setAttributes(path("file"), FileAttributes(modified: 1_100_000_000))

        let file = try await fileSystem.stat(path("file"))
        XCTAssertEqual(file.attributes.accessed, 1_000_000_000)
        XCTAssertEqual(file.attributes.modified, 1_100_000_000)
    }

    func testSymlinksAreMadeAndReadBackWhateverTheirLength() async throws {
        let long = String(repeating: "segment/", count: 100) + "end"

        try await fileSystem.symlink(at: path("short"), pointingTo: "target")
        try await fileSystem.symlink(at: path("long"), pointingTo: long)

        let short = try await fileSystem.readlink(path("short"))
        let readLong = try await fileSystem.readlink(path("long"))
        XCTAssertEqual(short, "target")
        XCTAssertEqual(readLong, long)
    }

    func testWritesAndReadsAtOffsetsRunTogetherAndLandInPlace() async throws {
        let chunk = 4096
        let bytes = (0..<(chunk * 32)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let writer = try await fileSystem.openForWriting(path("file"), .createNew, permissions: 0o600)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in (0..<32).reversed() {
                let piece = Array(bytes[index * chunk..<(index + 1) * chunk])
                group.addTask { try await writer.write(piece, at: UInt64(index * chunk)) }
            }
            try await group.waitForAll()
        }
        try await writer.synchronize()
        try await writer.close()

        let reader = try await fileSystem.openForReading(path("file"))
        let pieces = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for index in 0..<32 {
                group.addTask { (index, try await reader.read(at: UInt64(index * chunk), count: chunk)) }
            }
            var pieces: [Int: [UInt8]] = [:]
            for try await (index, piece) in group { pieces[index] = piece }
            return pieces
        }
        XCTAssertEqual((0..<32).flatMap { pieces[$0] ?? [] }, bytes)
        let tail = try await reader.read(at: UInt64(bytes.count - 10), count: 100)
        let past = try await reader.read(at: UInt64(bytes.count + 5), count: 100)
        XCTAssertEqual(tail, Array(bytes.suffix(10)))
        XCTAssertEqual(past, [])
        try await reader.close()
        XCTAssertEqual(try fileSystem.permissionsOf(path("file")), 0o600)
    }

    func testKeepOpensAPartialWithItsBytesAndTruncateEmptiesIt() async throws {
        try write([1, 2, 3], to: "file")

        let keep = try await fileSystem.openForWriting(path("file"), .keep, permissions: 0o600)
        try await keep.write([9], at: 3)
        try await keep.close()
        XCTAssertEqual(try read("file"), [1, 2, 3, 9])

        let truncate = try await fileSystem.openForWriting(path("file"), .truncate, permissions: 0o600)
        try await truncate.close()
        XCTAssertEqual(try read("file"), [])
    }

    func testRealpathResolvesSymlinksAndDotDot() async throws {
        mkdir(path("a"), 0o755)
        symlink("a", path("link"))

        let resolved = try await fileSystem.realpath(path("link/../link"))
        let direct = try await fileSystem.realpath(path("a"))

        XCTAssertEqual(resolved, direct)
        XCTAssertTrue(resolved.hasSuffix("/a"))
    }

    func testAFullFileSystemIsNoSpace() async throws {
        let mount = try SmallTmpfs(in: directory, size: "64k")
        defer { mount.unmount() }
        let target = mount.path + "/big"
        let writer = try await fileSystem.openForWriting(target, .createNew, permissions: 0o600)

        await assertFails(.noSpace, path: target) {
            for index in 0..<64 { try await writer.write([UInt8](repeating: 7, count: 16 << 10), at: UInt64(index * (16 << 10))) }
        }
        try? await writer.close()
    }
}

extension LocalFileSystem {
    /// The permission bits of `path`, for assertions.
    func permissionsOf(_ path: String) throws -> UInt32 {
        var status = Glibc.stat()
        guard Glibc.lstat(path, &status) == 0 else { throw FileSystemError(.failure, location: "local", path: path, detail: "lstat") }
        return UInt32(status.st_mode) & 0o7777
    }
}
