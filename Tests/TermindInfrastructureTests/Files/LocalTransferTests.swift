import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// The whole engine on this machine's file system, both sides `LocalFileSystem`: a tree of a
/// thousand files, a 64 MiB file, a resume after a dropped "connection", a full disk.
final class LocalTransferTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let local = TransferSite.local(LocalFileSystem())

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-local-transfer")
    }

    override func tearDown() {
        directory.remove()
    }

    private func path(_ name: String) -> String { directory.path + "/" + name }

    private func bytes(_ count: Int, seed: UInt8) -> [UInt8] {
        // Cheap in a debug build, and different at every offset within 64 KiB and between seeds.
        (0..<count).map { UInt8(truncatingIfNeeded: $0 ^ ($0 >> 8) &* 7 ^ ($0 >> 16) &* 13) &+ seed }
    }

    private func write(_ bytes: [UInt8], to name: String, mode: mode_t = 0o644) throws {
        let url = URL(fileURLWithPath: path(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        chmod(url.path, mode)
    }

    private func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    func testATreeOfAThousandSmallFilesIsCopiedWhole() async throws {
        for index in 0..<1000 {
            try write(bytes(100 + index, seed: UInt8(index % 251)), to: "src/d\(index % 10)/f\(index)", mode: index.isMultiple(of: 2) ? 0o600 : 0o644)
        }
        mkdir(path("dst"), 0o755)
        let clock = ContinuousClock()
        let began = clock.now

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(local, path("src"))], destination: TransferEndpoint(local, path("dst")), recursive: true))

        print("1,000 files copied locally in \(clock.now - began)")
        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(report.totals.completed, 1000)
        for index in stride(from: 0, to: 1000, by: 37) {
            XCTAssertEqual(try read("dst/src/d\(index % 10)/f\(index)"), bytes(100 + index, seed: UInt8(index % 251)))
        }
        var status = stat()
        lstat(path("dst/src/d2/f2"), &status)
        XCTAssertEqual(UInt32(status.st_mode) & 0o7777, 0o600)
        let leftovers = FileManager.default.enumerator(atPath: path("dst"))?.compactMap { $0 as? String }
            .filter { PartialFileName.isPartial(URL(fileURLWithPath: $0).lastPathComponent) }
        XCTAssertEqual(leftovers, [])
    }

    func testA64MiBFileIsCopiedWithItsSHA256AndMtime() async throws {
        let content = bytes(64 << 20, seed: 3)
        try write(content, to: "big.bin")
        utimes(path("big.bin"), [timeval(tv_sec: 1_400_000_000, tv_usec: 0), timeval(tv_sec: 1_400_000_000, tv_usec: 0)])
        var digest = ContentDigest()
        digest.update(content)
        let clock = ContinuousClock()
        let began = clock.now

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(local, path("big.bin"))], destination: TransferEndpoint(local, path("copy.bin"))))

        print("64 MiB copied locally in \(clock.now - began)")
        XCTAssertEqual(report.exitCode, .success)
        XCTAssertEqual(report.completion(of: path("big.bin"))?.sha256, digest.hex)
        XCTAssertEqual(try read("copy.bin"), content)
        let copied = try await LocalFileSystem().stat(path("copy.bin"))
        XCTAssertEqual(copied.attributes.modified, 1_400_000_000)
    }

    func testAnInterruptedCopyResumesInALaterRunFromItsRecordSendingOnlyTheRest() async throws {
        let size = 8 << 20
        let content = bytes(size, seed: 9)
        try write(content, to: "src.bin")
        mkdir(path("dst"), 0o755)
        let store = PartialTransferFiles(directory: path("state/partials"))
        let dropping = TransferSite.local(DroppingFileSystem(LocalFileSystem(), dropAfterWriting: 3 << 20))

        let first = await TransferEngine(store: store).run(TransferBatch(
            sources: [TransferEndpoint(local, path("src.bin"))], destination: TransferEndpoint(dropping, path("dst"))))

        XCTAssertEqual(first.exitCode, .transferIncomplete)
        let kept = try XCTUnwrap(first.partials.first)
        XCTAssertEqual(kept.address.path, path("dst/.src.bin.termind-partial"))
        XCTAssertGreaterThan(kept.bytesKept, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.file(for: TransferAddress(location: "local", path: path("dst/src.bin")))))

        let second = await TransferEngine(store: store).run(TransferBatch(
            sources: [TransferEndpoint(local, path("src.bin"))], destination: TransferEndpoint(local, path("dst")), resume: true))

        XCTAssertEqual(second.exitCode, .success)
        let completion = try XCTUnwrap(second.completion(of: path("src.bin")))
        XCTAssertEqual(completion.resumedFrom, kept.bytesKept)
        XCTAssertEqual(completion.bytesSent, UInt64(size) - kept.bytesKept)
        XCTAssertEqual(try read("dst/src.bin"), content)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("dst/.src.bin.termind-partial")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.file(for: TransferAddress(location: "local", path: path("dst/src.bin")))))
    }

    func testAFullDiskFailsTheFileAndLeavesTheOriginal() async throws {
        let mount = try SmallTmpfs(in: directory, size: "1m")
        defer { mount.unmount() }
        try write(bytes(4 << 20, seed: 4), to: "src.bin")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: mount.path + "/src.bin"))

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(local, path("src.bin"))], destination: TransferEndpoint(local, mount.path),
            conflicts: .apply(.overwrite)))

        let failure = try XCTUnwrap(report.failure(of: path("src.bin")))
        XCTAssertEqual((failure.error as? FileSystemError)?.kind, .noSpace)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: mount.path + "/src.bin"))), [1, 2, 3])
        // Writes land in any order: a verified prefix is kept for a resume, an empty one is removed.
        let partialPath = mount.path + "/.src.bin.termind-partial"
        if let partial = failure.partial {
            XCTAssertEqual(partial.address.path, partialPath)
            XCTAssertEqual(report.exitCode, .transferIncomplete)
            let size = try FileManager.default.attributesOfItem(atPath: partialPath)[.size] as? UInt64
            XCTAssertGreaterThanOrEqual(size ?? 0, partial.bytesKept)
        } else {
            XCTAssertEqual(report.exitCode, .failure)
            XCTAssertFalse(FileManager.default.fileExists(atPath: partialPath))
        }
    }
}

extension TransferBatchReport {
    func completion(of path: String) -> TransferCompletion? {
        guard case .completed(let completion)? = files.first(where: { $0.source.path == path })?.outcome else { return nil }
        return completion
    }

    func failure(of path: String) -> TransferFailure? {
        guard case .failed(let failure)? = files.first(where: { $0.source.path == path })?.outcome else { return nil }
        return failure
    }
}
