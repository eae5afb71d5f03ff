import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// Partials on this machine: created new and already locked, never through what is at the
/// name; an existing one opened only when it is this user's regular file, not a symlink, and
/// nobody else holds its lock.
final class LocalFileSystemPartialTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let fileSystem = LocalFileSystem()

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-partials")
    }

    override func tearDown() {
        directory.remove()
    }

    private func path(_ name: String) -> String { directory.path + "/" + name }

    private func kind<T>(of body: () async throws -> T) async -> FileSystemError.Kind? {
        do {
            _ = try await body()
            return nil
        } catch let error as FileSystemError {
            return error.kind
        } catch {
            return .failure
        }
    }

    /// Whether another open file description can take the lock on `path` now.
    private func lockIsFree(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    func testACreatedPartialIsNewPrivateAndLockedUntilClosed() async throws {
        let partial = try await fileSystem.createPartial(path(".f.termind-partial"), permissions: 0o600)
        try await partial.write(Array("abc".utf8), at: 0)
        var status = stat()
        XCTAssertEqual(lstat(path(".f.termind-partial"), &status), 0)
        XCTAssertEqual(status.st_mode & 0o7777, 0o600)
        XCTAssertEqual(status.st_nlink, 1, "the temporary name it was made under is gone")
        XCTAssertEqual(partial.identity.inode, UInt64(status.st_ino))
        XCTAssertFalse(lockIsFree(path(".f.termind-partial")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [".f.termind-partial"])
        try await partial.close()
        XCTAssertTrue(lockIsFree(path(".f.termind-partial")))
    }

    func testCreatingAPartialWhereASymlinkIsFailsAndNeverWritesItsTarget() async throws {
        let victim = path("victim")
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        XCTAssertEqual(symlink(victim, path(".f.termind-partial")), 0)
        XCTAssertEqual(symlink(path("nowhere"), path(".g.termind-partial")), 0)

        let existing = await kind { try await self.fileSystem.createPartial(self.path(".f.termind-partial"), permissions: 0o600) }
        let dangling = await kind { try await self.fileSystem.createPartial(self.path(".g.termind-partial"), permissions: 0o600) }

        XCTAssertEqual(existing, .alreadyExists)
        XCTAssertEqual(dangling, .alreadyExists, "a dangling link is not followed to create its target")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("nowhere")))
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "victim")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
                       [".f.termind-partial", ".g.termind-partial", "victim"], "no temporary file is left")
    }

    func testOpeningAPartialRefusesASymlinkAFIFOAndAnotherUsersFile() async throws {
        try Data("victim".utf8).write(to: URL(fileURLWithPath: path("victim")))
        XCTAssertEqual(symlink(path("victim"), path(".link.termind-partial")), 0)
        XCTAssertEqual(mkfifo(path(".fifo.termind-partial"), 0o600), 0)
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: path(".theirs.termind-partial")))
        XCTAssertEqual(chown(path(".theirs.termind-partial"), 65534, 65534), 0, "run as root")

        for name in [".link.termind-partial", ".fifo.termind-partial", ".theirs.termind-partial"] {
            let found = await kind { try await self.fileSystem.openPartial(self.path(name), wait: false) }
            XCTAssertEqual(found, .unexpectedFile, name)
        }
        XCTAssertEqual(try String(contentsOfFile: path("victim"), encoding: .utf8), "victim")
    }

    func testAPartialLeftLinkedToTheNameItWasMadeUnderIsTakenOverAndThatNameRemoved() async throws {
        // A run killed between `link` and `unlink` in createPartial; a download's destination
        // goes through the confined form, whose directories are O_PATH descriptors.
        for fileSystem in [fileSystem, fileSystem.confined(to: directory.path)] {
            let creation = ".termind-0123456789abcdef.termind-partial"
            try Data("abc".utf8).write(to: URL(fileURLWithPath: path(creation)))
            XCTAssertEqual(link(path(creation), path(".f.termind-partial")), 0)

            let partial = try await fileSystem.openPartial(path(".f.termind-partial"), wait: false)
            XCTAssertEqual(partial.identity.size, 3)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [".f.termind-partial"])
            var status = stat()
            XCTAssertEqual(lstat(path(".f.termind-partial"), &status), 0)
            XCTAssertEqual(status.st_nlink, 1)
            try await partial.close()
            XCTAssertEqual(unlink(path(".f.termind-partial")), 0)
        }
    }

    func testAPartialWithAnyOtherSecondNameIsRefusedAndBothNamesStay() async throws {
        for other in ["f", ".termind-0123456789ABCDEF.termind-partial", ".termind-0123.termind-partial", ".termind-0123456789abcdef.partial"] {
            try Data("mine".utf8).write(to: URL(fileURLWithPath: path(other)))
            XCTAssertEqual(link(path(other), path(".f.termind-partial")), 0)
            let found = await kind { try await self.fileSystem.openPartial(self.path(".f.termind-partial"), wait: false) }
            XCTAssertEqual(found, .unexpectedFile, other)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), [".f.termind-partial", other].sorted())
            XCTAssertEqual(try String(contentsOfFile: path(other), encoding: .utf8), "mine")
            XCTAssertEqual(unlink(path(other)), 0)
            XCTAssertEqual(unlink(path(".f.termind-partial")), 0)
        }
    }

    func testOpeningAPartialAnotherWriterHoldsIsBusy() async throws {
        let first = try await fileSystem.createPartial(path(".f.termind-partial"), permissions: 0o600)

        let second = await kind { try await self.fileSystem.openPartial(self.path(".f.termind-partial"), wait: false) }

        XCTAssertEqual(second, .busy)
        try await first.close()
        let taken = try await fileSystem.openPartial(path(".f.termind-partial"), wait: false)
        XCTAssertEqual(taken.identity.inode, first.identity.inode)
        try await taken.close()
    }

    func testAWaitingOpenEndsWhenItsTaskIsCancelled() async throws {
        let first = try await fileSystem.createPartial(path(".f.termind-partial"), permissions: 0o600)
        let fileSystem = fileSystem
        let target = path(".f.termind-partial")
        let waiting = Task { try await fileSystem.openPartial(target, wait: true) }
        await eventually("the waiting open holds the partial open, at its lock") { Self.descriptors(openOn: target) == 2 }
        waiting.cancel()
        let result = await waiting.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        try await first.close()
    }

    func testAPartialCommittedWhileAnotherWaitedIsNoLongerThere() async throws {
        let first = try await fileSystem.createPartial(path(".f.termind-partial"), permissions: 0o600)
        let fileSystem = fileSystem
        let target = path(".f.termind-partial")
        let waiting = Task { try await fileSystem.openPartial(target, wait: true) }
        await eventually("the waiting open holds the partial open, at its lock") { Self.descriptors(openOn: target) == 2 }
        XCTAssertEqual(rename(target, path("f")), 0)
        try await first.close()
        let result = await waiting.result
        XCTAssertThrowsError(try result.get()) { XCTAssertEqual(($0 as? FileSystemError)?.kind, .noSuchFile, "\($0)") }
    }

    func testTheOpenPartialKnowsWhenItsNameNoLongerLeadsToIt() async throws {
        let partial = try await fileSystem.createPartial(path(".f.termind-partial"), permissions: 0o600)
        let stillNamed = try await partial.namedIdentity() != nil
        XCTAssertTrue(stillNamed)
        XCTAssertEqual(rename(path(".f.termind-partial"), path("moved")), 0)
        try Data("planted".utf8).write(to: URL(fileURLWithPath: path(".f.termind-partial")))
        let afterSwap = try await partial.namedIdentity() != nil
        XCTAssertFalse(afterSwap)
        try await partial.close()
    }

    func testAttributesAreNeverChangedThroughASymlinkAtTheName() async throws {
        try Data("victim".utf8).write(to: URL(fileURLWithPath: path("victim")))
        chmod(path("victim"), 0o600)
        XCTAssertEqual(symlink(path("victim"), path("made")), 0)

        let refused = await kind {
            try await self.fileSystem.setAttributes(self.path("made"), FileAttributes(mode: 0o4777, modified: 1_000_000_000))
        }

        XCTAssertEqual(refused, .unexpectedFile)
        var status = stat()
        XCTAssertEqual(stat(path("victim"), &status), 0)
        XCTAssertEqual(status.st_mode & 0o7777, 0o600)
        XCTAssertNotEqual(status.st_mtim.tv_sec, 1_000_000_000)
    }

    func testADestinationClaimIsHeldAgainstASecondUntilReleased() async throws {
        let store = PartialTransferFiles(directory: path("state/partials"))
        let destination = TransferAddress(location: "local", path: "/srv/f.bin")
        let first = try await store.claim(destination: destination, wait: false)
        XCTAssertNotNil(first)
        let second = try await store.claim(destination: destination, wait: false)
        XCTAssertNil(second)
        let other = try await store.claim(destination: TransferAddress(location: "local", path: "/srv/g.bin"), wait: false)
        XCTAssertNotNil(other)
        await first?.release()
        let third = try await store.claim(destination: destination, wait: false)
        XCTAssertNotNil(third)
        await third?.release()
        await other?.release()
    }

    /// How many of this process's descriptors are open on the file at `path` (by device and
    /// inode, over `/proc/self/fd`): an open waiting for a lock holds one, which is how a test
    /// sees it wait.
    private static func descriptors(openOn path: String) -> Int {
        var file = stat()
        guard stat(path, &file) == 0 else { return 0 }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.compactMap { Int32($0) }.filter { descriptor in
            var open = stat()
            return fstat(descriptor, &open) == 0 && open.st_dev == file.st_dev && open.st_ino == file.st_ino
        }.count
    }
}
