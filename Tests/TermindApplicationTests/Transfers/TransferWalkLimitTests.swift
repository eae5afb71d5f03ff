import TermindApplication
import TermindDomain
import XCTest

/// The walk's bounds against a tree that loops or never ends (issue 28): how deep it goes
/// below a source, and how many entries one listing may hold.
final class TransferWalkLimitTests: XCTestCase {
    /// `/tree/d/d/.../d` `depth` directories deep, each holding a file `f`.
    private func deepTree(_ server: MemoryFileSystem, depth: Int) {
        var path = "/tree"
        for _ in 0...depth {
            server.addFile(path + "/f", sampleBytes(4))
            path += "/d"
        }
    }

    func testAMaxDepthOfThreeCopiesThreeDirectoriesDownAndFailsTheFourthByName() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        deepTree(server, depth: 6)
        local.addDirectory("/dl")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/dl"),
            recursive: true, maxDepth: 3))

        XCTAssertEqual(local.contents("/dl/tree/d/d/d/f"), sampleBytes(4), "three directories down is copied")
        XCTAssertNil(local.node("/dl/tree/d/d/d/d"), "the fourth is not created")
        let error = report.failure(of: "/tree/d/d/d/d")?.error as? TransferError
        XCTAssertEqual(error?.kind, .treeTooDeep)
        XCTAssertEqual(
            error?.description,
            "srv:/tree/d/d/d/d is 4 directories deep, past the limit of 3 (--max-depth); "
                + "the tree may loop on the server, or raise the limit to copy it")
        XCTAssertNil(report.outcome(of: "/tree/d/d/d/d/f"), "nothing below the limit is walked")
        XCTAssertEqual(report.exitCode, .failure)
    }

    func testTheDefaultDepthIsSixtyFourAndAHugePathIsShownWithItsMiddleLeftOut() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        deepTree(server, depth: 70)
        local.addDirectory("/dl")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/dl"),
            recursive: true))

        let deepest = "/tree" + String(repeating: "/d", count: 65)
        XCTAssertEqual(local.contents("/dl" + deepest.dropLast(2) + "/f"), sampleBytes(4), "64 down is copied")
        let error = report.failure(of: deepest)?.error as? TransferError
        XCTAssertEqual(error?.kind, .treeTooDeep)
        let text = error?.description ?? ""
        XCTAssertTrue(text.hasPrefix("srv:/tree/d/"), text)
        XCTAssertTrue(text.contains("/d/…/d/"), text)
        XCTAssertTrue(text.contains("/d/d is 65 directories deep, past the limit of 64 (--max-depth)"), text)
        let shownPath = text.components(separatedBy: " is 65").first ?? ""
        XCTAssertLessThan(shownPath.count, 80, "the middle of the path is left out: \(text)")
        XCTAssertEqual(error?.address.path, deepest, "the report keeps the whole path")
    }

    func testAListingPastTheCapFailsThatDirectoryByNameAndTheRestIsCopied() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        for index in 0..<5 { server.addFile("/tree/wide/e\(index)", sampleBytes(1)) }
        server.addFile("/tree/narrow/a", sampleBytes(2))
        local.addDirectory("/dl")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/dl"),
            recursive: true, maxListing: 4))

        let error = report.failure(of: "/tree/wide")?.error as? TransferError
        XCTAssertEqual(error?.kind, .listingTooLong)
        XCTAssertEqual(error?.description, "srv:/tree/wide: lists more than 4 entries, past the limit of one listing "
            + "(--max-listing); the listing may never end on the server, or raise the limit to copy it")
        XCTAssertNil(local.node("/dl/tree/wide"))
        XCTAssertEqual(local.contents("/dl/tree/narrow/a"), sampleBytes(2))
        XCTAssertEqual(report.exitCode, .failure)
    }

    func testAMaxDepthOfZeroCopiesOnlyTheSourcesOwnFiles() async {
        let server = MemoryFileSystem(location: "srv")
        let local = MemoryFileSystem(location: "local")
        deepTree(server, depth: 2)
        local.addDirectory("/dl")

        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(server), "/tree")], destination: TransferEndpoint(site(local), "/dl"),
            recursive: true, maxDepth: 0))

        XCTAssertEqual(local.contents("/dl/tree/f"), sampleBytes(4))
        XCTAssertEqual((report.failure(of: "/tree/d")?.error as? TransferError)?.kind, .treeTooDeep)
        XCTAssertNil(local.node("/dl/tree/d"))
    }
}
