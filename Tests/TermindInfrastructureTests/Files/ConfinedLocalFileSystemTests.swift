import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// This machine's file system confined to a destination root (what a download writes
/// through): below the root no symlink is followed, whether it stands where a directory is to
/// be made, on the way to a deeper path, or at a file's own name; the root itself may be a
/// symlink the person named. Each test plants the link towards `elsewhere` and checks that
/// nothing there was created or changed.
final class ConfinedLocalFileSystemTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var root: String { directory.path + "/dl" }
    private var elsewhere: String { directory.path + "/elsewhere" }
    private var fileSystem: any FileSystem { LocalFileSystem(confinedTo: root) }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-confined")
        XCTAssertEqual(mkdir(root, 0o755), 0)
        XCTAssertEqual(mkdir(elsewhere, 0o755), 0)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: elsewhere + "/pwned.txt"))
    }

    override func tearDown() {
        directory.remove()
    }

    private func below(_ relative: String) -> String { root + "/" + relative }

    /// `elsewhere` holds exactly its one file with its first bytes.
    private func assertElsewhereUntouched(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), ["pwned.txt"], file: file, line: line)
        XCTAssertEqual(try String(contentsOfFile: elsewhere + "/pwned.txt", encoding: .utf8), "kept", file: file, line: line)
    }

    private func failure<T>(_ body: () async throws -> T) async -> FileSystemError? {
        do {
            _ = try await body()
            return nil
        } catch let error as FileSystemError {
            return error
        } catch {
            XCTFail("unexpected \(error)")
            return nil
        }
    }

    private func kind(at path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    // MARK: - A symlink as the directory to create

    func testNoDirectoryIsMadeWhereASymlinkStandsAndLstatSeesTheLink() async throws {
        XCTAssertEqual(symlink(elsewhere, below("s")), 0)

        let made = await failure { try await self.fileSystem.makeDirectory(self.below("s"), permissions: 0o755) }
        let looked = try await fileSystem.lstat(below("s"))

        XCTAssertEqual(made?.kind, .alreadyExists)
        XCTAssertEqual(looked.kind, .symlink)
        XCTAssertEqual(kind(at: below("s")), S_IFLNK)
        try assertElsewhereUntouched()
    }

    // MARK: - A symlink on the way

    func testEveryCallOnAPathThroughASymlinkFailsNamingTheLinkAndTouchesNothingBeyondIt() async throws {
        XCTAssertEqual(mkdir(below("plant"), 0o755), 0)
        XCTAssertEqual(symlink(elsewhere, below("plant/s")), 0)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: below("plant/mine")))
        let fileSystem = fileSystem
        let through = below("plant/s/pwned.txt")

        let calls: [(String, () async throws -> Void)] = [
            ("lstat", { _ = try await fileSystem.lstat(through) }),
            ("makeDirectory", { try await fileSystem.makeDirectory(self.below("plant/s/new"), permissions: 0o755) }),
            ("createPartial", { _ = try await fileSystem.createPartial(self.below("plant/s/.pwned.txt.termind-partial"), permissions: 0o600) }),
            ("openPartial", { _ = try await fileSystem.openPartial(through, wait: false) }),
            ("openForWriting", { _ = try await fileSystem.openForWriting(through, .truncate, permissions: 0o644) }),
            ("setAttributes", { try await fileSystem.setAttributes(through, FileAttributes(mode: 0o777, modified: 1)) }),
            ("rename", { try await fileSystem.rename(self.below("plant/mine"), to: through, replacing: true) }),
            ("symlink", { try await fileSystem.symlink(at: self.below("plant/s/link"), pointingTo: "/") }),
            ("remove", { try await fileSystem.remove(through) }),
            ("removeDirectory", { try await fileSystem.removeDirectory(self.below("plant/s/sub")) }),
        ]
        for (name, call) in calls {
            let error = await failure(call)
            XCTAssertEqual(error?.kind, .unexpectedFile, "\(name): \(error.map { "\($0)" } ?? "succeeded")")
            XCTAssertEqual(error?.path, below("plant/s"), name)
            XCTAssertTrue(error?.detail.contains("symbolic link where a directory is expected") ?? false, "\(name): \(String(describing: error))")
        }
        try assertElsewhereUntouched()
        XCTAssertEqual(try String(contentsOfFile: below("plant/mine"), encoding: .utf8), "mine")
    }

    func testALinkDeeperDownIsRefusedAsWellAsOneJustBelowTheRoot() async throws {
        XCTAssertEqual(mkdir(below("a"), 0o755), 0)
        XCTAssertEqual(mkdir(below("a/b"), 0o755), 0)
        XCTAssertEqual(symlink(elsewhere, below("a/b/c")), 0)
        XCTAssertEqual(symlink(elsewhere, below("top")), 0)

        let deep = await failure { try await self.fileSystem.makeDirectory(self.below("a/b/c/d/e"), permissions: 0o755) }
        let top = await failure { _ = try await self.fileSystem.createPartial(self.below("top/.f.termind-partial"), permissions: 0o600) }

        XCTAssertEqual(deep?.path, below("a/b/c"))
        XCTAssertEqual(deep?.kind, .unexpectedFile)
        XCTAssertEqual(top?.path, below("top"))
        XCTAssertEqual(top?.kind, .unexpectedFile)
        try assertElsewhereUntouched()
    }

    func testAFileOnTheWayIsNotADirectory() async throws {
        try Data("file".utf8).write(to: URL(fileURLWithPath: below("f")))

        let error = await failure { try await self.fileSystem.makeDirectory(self.below("f/sub"), permissions: 0o755) }

        XCTAssertEqual(error?.kind, .notADirectory)
        XCTAssertEqual(error?.path, below("f/sub"))
    }

    // MARK: - A symlink as the final file's name

    func testAFilesOwnNameThatIsASymlinkIsNeverWrittenThrough() async throws {
        XCTAssertEqual(symlink(elsewhere + "/pwned.txt", below("pwned.txt")), 0)
        XCTAssertEqual(symlink(elsewhere + "/pwned.txt", below(".pwned.txt.termind-partial")), 0)
        let fileSystem = fileSystem

        let created = await failure { _ = try await fileSystem.createPartial(self.below(".pwned.txt.termind-partial"), permissions: 0o600) }
        let taken = await failure { _ = try await fileSystem.openPartial(self.below(".pwned.txt.termind-partial"), wait: false) }
        let written = await failure { _ = try await fileSystem.openForWriting(self.below("pwned.txt"), .truncate, permissions: 0o644) }
        let changed = await failure { try await fileSystem.setAttributes(self.below("pwned.txt"), FileAttributes(mode: 0o6777)) }
        let looked = try await fileSystem.lstat(below("pwned.txt"))

        XCTAssertEqual(created?.kind, .alreadyExists)
        XCTAssertEqual(taken?.kind, .unexpectedFile)
        XCTAssertNotNil(written)
        XCTAssertEqual(changed?.kind, .unexpectedFile)
        XCTAssertEqual(looked.kind, .symlink)
        try assertElsewhereUntouched()
        var status = stat()
        XCTAssertEqual(stat(elsewhere + "/pwned.txt", &status), 0)
        XCTAssertEqual(status.st_mode & 0o7777, 0o644)
    }

    func testARenameOntoASymlinkReplacesTheLinkItselfNotItsTarget() async throws {
        XCTAssertEqual(mkdir(below("d"), 0o755), 0)
        try Data("new".utf8).write(to: URL(fileURLWithPath: below("d/.f.termind-partial")))
        XCTAssertEqual(symlink(elsewhere + "/pwned.txt", below("d/f")), 0)

        try await fileSystem.rename(below("d/.f.termind-partial"), to: below("d/f"), replacing: true)

        XCTAssertEqual(kind(at: below("d/f")), S_IFREG)
        XCTAssertEqual(try String(contentsOfFile: below("d/f"), encoding: .utf8), "new")
        try assertElsewhereUntouched()
    }

    // MARK: - What still works

    func testWorkBelowTheRootGoesOnAsBefore() async throws {
        let fileSystem = fileSystem
        try await fileSystem.makeDirectory(below("tree"), permissions: 0o750)
        try await fileSystem.makeDirectory(below("tree/sub"), permissions: 0o700)
        let partial = try await fileSystem.createPartial(below("tree/sub/.f.termind-partial"), permissions: 0o600)
        try await partial.write(Array("bytes".utf8), at: 0)
        let stillNamed = try await partial.namedIdentity() != nil
        try await partial.close()
        try await fileSystem.rename(below("tree/sub/.f.termind-partial"), to: below("tree/sub/f"), replacing: false)
        try await fileSystem.setAttributes(below("tree/sub/f"), FileAttributes(mode: 0o640, modified: 1_400_000_000))
        try await fileSystem.symlink(at: below("tree/link"), pointingTo: "sub/f")

        XCTAssertTrue(stillNamed)
        XCTAssertEqual(try String(contentsOfFile: below("tree/sub/f"), encoding: .utf8), "bytes")
        let file = try await fileSystem.lstat(below("tree/sub/f"))
        XCTAssertEqual(file.attributes.permissions, 0o640)
        XCTAssertEqual(file.attributes.modified, 1_400_000_000)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: below("tree/link")), "sub/f")
        try await fileSystem.remove(below("tree/link"))
        XCTAssertNil(kind(at: below("tree/link")))
    }

    func testTheRootItselfMayBeASymlinkThePersonNamed() async throws {
        let named = directory.path + "/named"
        XCTAssertEqual(symlink(root, named), 0)
        let fileSystem = LocalFileSystem(confinedTo: named + "/")

        let rootItself = try await fileSystem.lstat(named)
        try await fileSystem.makeDirectory(named + "/plant", permissions: 0o755)
        let partial = try await fileSystem.createPartial(named + "/plant/.f.termind-partial", permissions: 0o600)
        try await partial.close()
        try await fileSystem.rename(named + "/plant/.f.termind-partial", to: named + "/plant/f", replacing: false)

        XCTAssertEqual(rootItself.kind, .directory, "the root counts as the directory it leads to")
        XCTAssertEqual(kind(at: below("plant/f")), S_IFREG)
    }

    func testDotDotBelowTheRootIsRefusedAndNothingIsMadeOutside() async throws {
        let error = await failure { try await self.fileSystem.makeDirectory(self.below("../escaped"), permissions: 0o755) }

        XCTAssertEqual(error?.kind, .unexpectedFile)
        XCTAssertNil(kind(at: directory.path + "/escaped"))
    }

    func testANameThatIsNotUTF8IsCreatedWithItsExactBytes() async throws {
        let name = NameBytes.string([0x62, 0x61, 0x64, 0xFF])

        try await fileSystem.makeDirectory(below(name), permissions: 0o755)

        let names = try FileManager.default.contentsOfDirectory(atPath: root).count
        XCTAssertEqual(names, 1)
        var status = stat()
        let found = Array("\(root)/bad".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), 0]
        XCTAssertEqual(found.withUnsafeBufferPointer { lstat($0.baseAddress!, &status) }, 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFDIR)
    }

    func testPathsOutsideTheRootResolveAsTheSystemDoes() async throws {
        XCTAssertEqual(symlink(elsewhere, directory.path + "/outside"), 0)

        try await fileSystem.makeDirectory(directory.path + "/outside/made", permissions: 0o755)

        XCTAssertEqual(kind(at: elsewhere + "/made"), S_IFDIR)
    }
}
