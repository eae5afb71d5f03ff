import Foundation
import TermindApplication
@testable import TermindInfrastructure
import TermindTestSupport
import XCTest

/// `termind cp --prune-partials`: what an interrupted copy left longer ago than asked goes,
/// with its local partial only while that is still the file Termind wrote; nothing a running
/// transfer holds, nothing somewhere else, nothing on a server.
final class PartialRecordsPruningTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var store: PartialTransferFiles!
    private let longAgo = Date().addingTimeInterval(-40 * 86_400)

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-prune")
        store = PartialTransferFiles(directory: directory.path + "/partials")
    }

    override func tearDown() {
        directory.remove()
    }

    /// A record for `name` in the temporary directory, with a partial file Termind wrote there.
    private func interrupted(_ name: String, savedAt: Date, location: String = "local") async throws -> (PartialTransferRecord, String) {
        let partial = directory.appending(".\(name).termind-partial").path
        FileManager.default.createFile(atPath: partial, contents: Data(repeating: 7, count: 100))
        var status = stat()
        XCTAssertEqual(lstat(partial, &status), 0)
        let record = PartialTransferRecord(
            source: TransferAddress(location: "web1", path: "/srv/\(name)"), sourceSize: 1000, sourceModified: 1_700_000_000,
            destination: TransferAddress(location: location, path: directory.appending(name).path), partialPath: partial,
            verifiedBytes: 100, sha256: String(repeating: "ab", count: 32), savedAt: savedAt,
            partial: LocalPartialWriter.identity(status).whileWriting)
        try await store.save(record)
        return (record, partial)
    }

    func testAnOldRecordGoesWithItsPartialAndAYoungOneStays() async throws {
        let (_, oldPartial) = try await interrupted("old.bin", savedAt: longAgo)
        let (young, youngPartial) = try await interrupted("young.bin", savedAt: Date())

        let outcomes = try await store.prune(olderThan: PartialTransferFiles.staleAge)

        XCTAssertEqual(outcomes.count, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: oldPartial))
        XCTAssertTrue(FileManager.default.fileExists(atPath: youngPartial))
        let kept = try await store.load(destination: young.destination)
        XCTAssertEqual(kept?.partialPath, youngPartial)
        XCTAssertEqual(try store.storedRecords().compactMap(\.record?.destination), [young.destination])
    }

    func testAPartialReplacedByAnotherFileIsNotTouchedThoughItsRecordGoes() async throws {
        let (record, partial) = try await interrupted("old.bin", savedAt: longAgo)
        // Made while the partial still exists, so it cannot take over its inode number.
        let other = directory.appending("other").path
        FileManager.default.createFile(atPath: other, contents: Data("someone else's".utf8))
        XCTAssertEqual(rename(other, partial), 0)

        let outcomes = try await store.prune(olderThan: PartialTransferFiles.staleAge)

        guard case .removedKeepingPartial(let why)? = outcomes.first?.1 else { return XCTFail("\(outcomes)") }
        XCTAssertTrue(why.contains("not the file the record names"), why)
        XCTAssertEqual(FileManager.default.contents(atPath: partial), Data("someone else's".utf8))
        let gone = try await store.load(destination: record.destination)
        XCTAssertNil(gone)
    }

    func testASymlinkAtThePartialsNameIsNeitherFollowedNorRemoved() async throws {
        let (_, partial) = try await interrupted("old.bin", savedAt: longAgo)
        let victim = directory.appending("victim").path
        FileManager.default.createFile(atPath: victim, contents: Data("keep me".utf8))
        XCTAssertEqual(unlink(partial), 0)
        XCTAssertEqual(symlink(victim, partial), 0)

        _ = try await store.prune(olderThan: PartialTransferFiles.staleAge)

        XCTAssertEqual(FileManager.default.contents(atPath: victim), Data("keep me".utf8))
        var status = stat()
        XCTAssertEqual(lstat(partial, &status), 0, "the symlink is left where it is")
    }

    func testARecordWhoseDestinationARunningTransferHoldsIsKept() async throws {
        let (record, partial) = try await interrupted("old.bin", savedAt: longAgo)
        let claim = try await store.claim(destination: record.destination, wait: false)
        XCTAssertNotNil(claim)

        let outcomes = try await store.prune(olderThan: PartialTransferFiles.staleAge)
        await claim?.release()

        guard case .kept(let why)? = outcomes.first?.1 else { return XCTFail("\(outcomes)") }
        XCTAssertTrue(why.contains("is running"), why)
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial))
        let kept = try await store.load(destination: record.destination)
        XCTAssertNotNil(kept)
    }

    func testARemotePartialIsLeftForTermindRmAndSaidSo() async throws {
        let (_, partial) = try await interrupted("old.bin", savedAt: longAgo, location: "web1")

        let outcomes = try await store.prune(olderThan: PartialTransferFiles.staleAge)

        guard case .removedKeepingPartial(let why)? = outcomes.first?.1 else { return XCTFail("\(outcomes)") }
        XCTAssertTrue(why.contains("termind rm web1:"), why)
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial), "a local file of that name is not the server's partial")
    }

    func testLockFilesOfEarlierVersionsGoOnceOldAndClaimsLockStays() async throws {
        let claim = try await store.claim(destination: TransferAddress(location: "local", path: "/x"), wait: false)
        await claim?.release()
        let legacy = store.directory + "/" + String(repeating: "a", count: 64) + ".lock"
        FileManager.default.createFile(atPath: legacy, contents: Data())
        var times = [timespec(tv_sec: Int(longAgo.timeIntervalSince1970), tv_nsec: 0), timespec(tv_sec: Int(longAgo.timeIntervalSince1970), tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, legacy, &times, 0), 0)

        _ = try await store.prune(olderThan: PartialTransferFiles.staleAge)

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.directory), ["claims.lock"])
    }

    /// A process killed between writing a record's temporary file and renaming it leaves
    /// `.record-XXXXXX` behind; another process may be writing one right now.
    func testARecordWriteAKillLeftGoesOnceOldAndOneUnderWayStaysWhateverTheAge() async throws {
        _ = try await interrupted("any.bin", savedAt: Date())  // the records directory, made as a save makes it
        let left = store.directory + "/.record-Ab12Cd"
        let underWay = store.directory + "/.record-Xy34Zw"
        FileManager.default.createFile(atPath: left, contents: Data("{".utf8))
        FileManager.default.createFile(atPath: underWay, contents: Data())
        var times = [timespec(tv_sec: Int(longAgo.timeIntervalSince1970), tv_nsec: 0), timespec(tv_sec: Int(longAgo.timeIntervalSince1970), tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, left, &times, 0), 0)
        XCTAssertEqual(try store.storedRecords().filter { if case .unfinishedWrite = $0.content { true } else { false } }.count, 2)

        // Even "older than 0 days" leaves a write that may be under way.
        let outcomes = try await store.prune(olderThan: 0)

        XCTAssertFalse(FileManager.default.fileExists(atPath: left))
        XCTAssertTrue(FileManager.default.fileExists(atPath: underWay))
        XCTAssertTrue(outcomes.contains { $0.0.file == left })
        XCTAssertFalse(outcomes.contains { $0.0.file == underWay })
    }
}
