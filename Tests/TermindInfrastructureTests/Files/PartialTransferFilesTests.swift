import Foundation
import TermindApplication
@testable import TermindInfrastructure
import TermindTestSupport
import XCTest

/// Partial-transfer records as private JSON files under the XDG state directory.
final class PartialTransferFilesTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var store: PartialTransferFiles!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-partials")
        store = PartialTransferFiles(directory: directory.path + "/state/termind/partials")
    }

    override func tearDown() {
        directory.remove()
    }

    private func record(_ path: String = "/home/me/big.iso", verified: UInt64 = 8 << 20) -> PartialTransferRecord {
        PartialTransferRecord(
            source: TransferAddress(location: "web1", path: "/srv/big.iso"), sourceSize: 1 << 30, sourceModified: 1_700_000_000,
            destination: TransferAddress(location: "local", path: path), partialPath: "/home/me/.big.iso.termind-partial",
            verifiedBytes: verified, sha256: String(repeating: "ab", count: 32), savedAt: Date(timeIntervalSince1970: 1_700_000_100))
    }

    private func mode(_ path: String) throws -> UInt32 {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw TestRigError("cannot stat \(path): \(String(cString: strerror(errno)))") }
        return UInt32(status.st_mode) & 0o7777
    }

    func testASavedRecordLoadsBackAsSaved() async throws {
        try await store.save(record())

        let loaded = try await store.load(destination: record().destination)

        XCTAssertEqual(loaded, record())
    }

    func testRecordsArePrivateFilesInAPrivateDirectoryWithNothingElseLeft() async throws {
        try await store.save(record())
        try await store.save(record(verified: 16 << 20))

        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        XCTAssertEqual(names, [URL(fileURLWithPath: store.file(for: record().destination)).lastPathComponent])
        XCTAssertEqual(try mode(store.file(for: record().destination)), 0o600)
        XCTAssertEqual(try mode(store.directory), 0o700)
        let loaded = try await store.load(destination: record().destination)
        XCTAssertEqual(loaded?.verifiedBytes, 16 << 20, "saving again replaces the record")
    }

    private func inode(_ path: String) throws -> UInt64 {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw TestRigError("cannot stat \(path): \(String(cString: strerror(errno)))") }
        return UInt64(status.st_ino)
    }

    func testARecordWithNothingVerifiedIsWrittenInPlaceAndAVerifiedOneReplacesTheFile() async throws {
        let path = store.file(for: record().destination)
        try await store.save(record(verified: 0))
        let created = try inode(path)

        // Naming the partial makes the record longer: written over the same file.
        var naming = record(verified: 0)
        naming.partial = FileIdentity(device: 2049, inode: 1234, userID: getuid(), size: 0, modified: 1_700_000_000)
        try await store.save(naming)
        XCTAssertEqual(try inode(path), created, "a record with nothing verified is rewritten in place")
        let named = try await store.load(destination: record().destination)
        XCTAssertEqual(named, naming)

        // A verified prefix is written to a new file, fsynced and renamed over the old one.
        try await store.save(record(verified: 8 << 20))
        XCTAssertNotEqual(try inode(path), created)
        let verified = try await store.load(destination: record().destination)
        XCTAssertEqual(verified?.verifiedBytes, 8 << 20)
        XCTAssertEqual(try mode(path), 0o600)
    }

    func testARecordIsNeverWrittenInPlaceOverALongerOneNorThroughALink() async throws {
        let path = store.file(for: record().destination)
        // Longer than the record: written in place it would keep a tail that no JSON reader takes.
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try Data(String(repeating: " ", count: 8192).utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        try await store.save(record(verified: 0))
        let loaded = try await store.load(destination: record().destination)
        XCTAssertEqual(loaded, record(verified: 0))

        // A second name for the record's file (a hard link) is not written through.
        try await store.remove(destination: record().destination)
        let other = directory.path + "/other"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: other))
        chmod(other, 0o600)
        XCTAssertEqual(link(other, path), 0)
        try await store.save(record(verified: 0))
        XCTAssertEqual(try String(contentsOfFile: other, encoding: .utf8), "mine")
        let replaced = try await store.load(destination: record().destination)
        XCTAssertEqual(replaced, record(verified: 0))

        // Nor through a symlink.
        try await store.remove(destination: record().destination)
        XCTAssertEqual(symlink(other, path), 0)
        try await store.save(record(verified: 0))
        XCTAssertEqual(try String(contentsOfFile: other, encoding: .utf8), "mine")
        let unlinked = try await store.load(destination: record().destination)
        XCTAssertEqual(unlinked, record(verified: 0))
    }

    func testEachDestinationHasItsOwnFileNamedByTheDigestOfWhereItIs() async throws {
        let file = store.file(for: TransferAddress(location: "local", path: "/a"))
        XCTAssertTrue(URL(fileURLWithPath: file).lastPathComponent.range(of: "^[0-9a-f]{64}\\.json$", options: .regularExpression) != nil)
        XCTAssertNotEqual(file, store.file(for: TransferAddress(location: "web1", path: "/a")))
        XCTAssertNotEqual(file, store.file(for: TransferAddress(location: "local", path: "/b")))

        try await store.save(record("/one"))
        try await store.save(record("/two"))
        let one = try await store.load(destination: TransferAddress(location: "local", path: "/one"))
        let two = try await store.load(destination: TransferAddress(location: "local", path: "/two"))
        XCTAssertEqual(one?.destination.path, "/one")
        XCTAssertEqual(two?.destination.path, "/two")
    }

    func testRemovingForgetsTheRecordAndRemovingNothingIsFine() async throws {
        try await store.save(record())

        try await store.remove(destination: record().destination)
        try await store.remove(destination: record().destination)

        let loaded = try await store.load(destination: record().destination)
        XCTAssertNil(loaded)
    }

    /// A load that reads back what this store wrote skips the decode; anything else on disk
    /// (another process's record, bytes that are no record) is read from the file.
    func testWhatAnotherWriterPutAtARecordsNameIsWhatLoads() async throws {
        try await store.save(record(verified: 0))
        let other = PartialTransferFiles(directory: store.directory)
        var theirs = record(verified: 0)
        theirs.writer = "another-run"
        try await other.save(theirs)

        let loaded = try await store.load(destination: record().destination)
        XCTAssertEqual(loaded?.writer, "another-run")

        try await store.save(record(verified: 0))
        try Data("{\"not\": \"a record\"}".utf8).write(to: URL(fileURLWithPath: store.file(for: record().destination)))
        let garbage = try await store.load(destination: record().destination)
        XCTAssertNil(garbage, "bytes that are no record load as none, whatever this store wrote there before")
    }

    func testNoRecordIsNil() async throws {
        let loaded = try await store.load(destination: record().destination)
        XCTAssertNil(loaded)
    }

    func testAFileThatIsNotARecordForThatDestinationIsNoRecord() async throws {
        try await store.save(record())
        let file = store.file(for: record().destination)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: file))
        let garbled = try await store.load(destination: record().destination)
        XCTAssertNil(garbled)

        // A record that names another destination (copied by hand) is not trusted either.
        try await store.save(record("/elsewhere"))
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.copyItem(atPath: store.file(for: record("/elsewhere").destination), toPath: file)
        let misplaced = try await store.load(destination: record().destination)
        XCTAssertNil(misplaced)
    }

    private let placementSources = [TransferAddress(location: "local", path: "/home/me/many")]
    private let placementDestination = TransferAddress(location: "web1", path: "/srv/new1")

    func testAPlacementLoadsBackForTheSameSourcesAndDestinationAndIsForgottenWhenRemoved() async throws {
        let placement = TransferPlacement(sources: placementSources, destination: placementDestination, targets: ["/srv/new1"])
        try await store.savePlacement(placement)
        let loaded = try await store.loadPlacement(sources: placementSources, destination: placementDestination)
        XCTAssertEqual(loaded?.targets, ["/srv/new1"])
        let other = try await store.loadPlacement(sources: placementSources, destination: TransferAddress(location: "web2", path: "/srv/new1"))
        XCTAssertNil(other, "another destination has no placement")
        try await store.removePlacement(sources: placementSources, destination: placementDestination)
        let removed = try await store.loadPlacement(sources: placementSources, destination: placementDestination)
        XCTAssertNil(removed)
    }

    func testASymlinkPlantedAtAPlacementsNameIsNeitherFollowedNorWrittenThrough() async throws {
        let path = store.placementFile(sources: placementSources, destination: placementDestination)
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let victim = directory.path + "/victim"
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: URL(fileURLWithPath: victim))
        XCTAssertEqual(symlink(victim, path), 0)

        // Reading through the link is refused (so a resume plans afresh); saving replaces the link.
        await XCTAssertThrowsErrorAsync(try await self.store.loadPlacement(sources: self.placementSources, destination: self.placementDestination))
        try await store.savePlacement(TransferPlacement(sources: placementSources, destination: placementDestination, targets: ["/x"]))
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "#!/bin/sh\nexit 0\n", "the victim was written through the link")
        let loaded = try await store.loadPlacement(sources: placementSources, destination: placementDestination)
        XCTAssertEqual(loaded?.targets, ["/x"])
    }

    private func XCTAssertThrowsErrorAsync<T>(_ expression: @autoclosure () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            _ = try await expression()
            XCTFail("expected an error", file: file, line: line)
        } catch {}
    }

    func testClaimingManyDestinationsLeavesOneLockFileBehind() async throws {
        for index in 0..<200 {
            let claim = try await store.claim(destination: TransferAddress(location: "local", path: "/d/f\(index)"), wait: false)
            XCTAssertNotNil(claim)
            await claim?.release()
        }

        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        XCTAssertEqual(names, ["claims.lock"])
    }

    func testAClaimHeldByAnotherProcessIsRefusedWithoutWaitingAndTakenOnceItEnds() async throws {
        let destination = TransferAddress(location: "local", path: "/srv/f.bin")
        let probe = try await store.claim(destination: destination, wait: false)  // makes the directory and file
        await probe?.release()
        let offset = PartialTransferFiles.claimOffset(destination)
        // Python's lockf takes a POSIX record lock, which conflicts with an open-file-description lock.
        let holder = try ChildProcess("python3", ["-c", """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDWR)
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, \(offset), 0)
            print("held", flush=True)
            time.sleep(30)  # held until the test stops it; 30 s bounds an orphan
            """, store.directory + "/claims.lock"])
        defer { holder.stop() }
        _ = try holder.waitForLine { $0 == "held" }

        let refused = try await store.claim(destination: destination, wait: false)
        XCTAssertNil(refused, "another process holds this destination")
        let other = try await store.claim(destination: TransferAddress(location: "local", path: "/srv/g.bin"), wait: false)
        XCTAssertNotNil(other, "another destination is free")
        await other?.release()

        holder.stop()
        let taken = try await store.claim(destination: destination, wait: true)
        XCTAssertNotNil(taken)
        await taken?.release()
    }

    func testTheStoreLivesUnderTheXDGStateDirectory() {
        let paths = XDGPaths(environment: ["XDG_STATE_HOME": "/var/st"], homeDirectory: "/home/ada")
        XCTAssertEqual(PartialTransferFiles(paths: paths).directory, "/var/st/termind/partials")
    }
}
