import TermindApplication
import TermindDomain
import XCTest

/// What a Batch refuses before copying: directories without recursive, several sources into a
/// file, a missing source, a file copied onto itself.
final class TransferEnginePlanTests: XCTestCase {
    func testADirectoryWithoutRecursiveIsRefusedSayingToUseDashR() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/tree/a", sampleBytes(3))
        local.addDirectory("/d")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/d")))

        let error = report.failure(of: "/tree")?.error as? TransferError
        XCTAssertEqual(error?.kind, .directoryNeedsRecursive)
        XCTAssertTrue(error?.description.contains("-r") == true)
        XCTAssertEqual(report.exitCode, .failure)
        XCTAssertNil(local.node("/d/tree"))
    }

    func testSeveralSourcesIntoAFileFailTheBatch() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/a", sampleBytes(3))
        server.addFile("/b", sampleBytes(3))
        local.addFile("/file", sampleBytes(1))

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/a"), TransferEndpoint(site(server), "/b")],
            destination: TransferEndpoint(site(local), "/file")))

        XCTAssertEqual((report.failure?.error as? TransferError)?.kind, .destinationNotADirectory)
        XCTAssertEqual(report.exitCode, .failure)
        XCTAssertTrue(report.files.isEmpty)
    }

    func testAMissingSourceFailsItAloneNamingItsPath() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        server.addFile("/a", sampleBytes(3))
        local.addDirectory("/d")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/missing"), TransferEndpoint(site(server), "/a")],
            destination: TransferEndpoint(site(local), "/d")))

        let error = report.failure(of: "/missing")?.error as? FileSystemError
        XCTAssertEqual(error?.kind, .noSuchFile)
        XCTAssertEqual(error?.description, "srv:/missing: no such file")
        XCTAssertNotNil(report.completion(of: "/a"))
        XCTAssertEqual(report.exitCode, .failure)
    }

    func testAFileCopiedOntoItselfIsRefused() async {
        let server = MemoryFileSystem(location: "srv")
        server.addFile("/a", sampleBytes(3))

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/a")], destination: TransferEndpoint(site(server), "/a"),
            conflicts: .apply(.overwrite)))

        XCTAssertEqual((report.failure(of: "/a")?.error as? TransferError)?.kind, .sameFile)
        XCTAssertEqual(server.contents("/a"), sampleBytes(3))
    }
}
