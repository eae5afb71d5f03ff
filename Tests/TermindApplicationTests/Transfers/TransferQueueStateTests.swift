import TermindApplication
import TermindDomain
import XCTest

/// What the transfer queue shows, from the engine's events alone.
final class TransferQueueStateTests: XCTestCase {
    private func id(_ batch: Int, _ index: Int) -> TransferID { TransferID(batch: TransferBatchID(batch), index: index) }
    private func remote(_ path: String) -> TransferAddress { TransferAddress(location: "web", path: path) }
    private func local(_ path: String) -> TransferAddress { TransferAddress(location: "local", path: path) }

    private func started(_ id: TransferID, _ name: String, total: UInt64 = 1000, from: UInt64 = 0) -> TransferEvent {
        .started(id, TransferStart(source: remote("/s/\(name)"), destination: local("/d/\(name)"), totalBytes: total, resumingFrom: from))
    }

    private func finished(_ id: TransferID, _ name: String, _ outcome: TransferOutcome, kind: FileKind = .file) -> TransferEvent {
        .finished(TransferFileReport(id: id, kind: kind, source: remote("/s/\(name)"), destination: local("/d/\(name)"), outcome: outcome))
    }

    func testLinesFollowBatchAndPlanOrderWhateverOrderTheirEventsCome() {
        var state = TransferQueueState()
        state.apply(started(id(2, 0), "c"))
        state.apply(started(id(1, 3), "b"))
        state.apply(started(id(1, 1), "a"))

        XCTAssertEqual(state.items.map(\.source.path), ["/s/a", "/s/b", "/s/c"])
        XCTAssertEqual(state.items.map(\.direction), [.download, .download, .download])
        XCTAssertEqual(state.runningCount, 3)
    }

    func testTheTransfersOfARemovedHostAreTheActiveOnesReadingOrWritingIt() {
        var state = TransferQueueState()
        state.apply(started(id(1, 0), "running"))  // web → local
        state.apply(.started(id(1, 1), TransferStart(
            source: local("/d/up"), destination: TransferAddress(location: "db", path: "/up"), totalBytes: 10, resumingFrom: 0)))
        state.apply(started(id(1, 2), "done"))
        state.apply(finished(id(1, 2), "done", .completed(TransferCompletion(bytes: 5, sha256: nil, bytesSent: 5, resumedFrom: 0))))

        XCTAssertEqual(state.activeItems(touching: ["web"]).map(\.source.path), ["/s/running"], "a finished one is left alone")
        XCTAssertEqual(state.activeItems(touching: ["db"]).map(\.destination.path), ["/up"], "an upload to it too")
        XCTAssertEqual(state.activeItems(touching: ["cache"]).count, 0)
    }

    func testProgressGivesBytesRateAndTimeLeft() throws {
        var state = TransferQueueState()
        state.apply(started(id(1, 0), "a", total: 10_000_000))
        state.apply(.progress(id(1, 0), TransferProgress(bytesDone: 4_000_000, totalBytes: 10_000_000, bytesSent: 4_000_000, elapsed: .seconds(2))))

        let item = try XCTUnwrap(state.items.first)
        XCTAssertEqual(item.bytesDone, 4_000_000)
        XCTAssertEqual(item.bytesPerSecond, 2_000_000)
        XCTAssertEqual(item.timeLeft, .seconds(3))
    }

    func testOutcomesBecomeStatesAndDirectoriesAreNotListed() {
        var state = TransferQueueState()
        state.apply(finished(id(1, 0), "dir", .directory(created: true), kind: .directory))
        state.apply(finished(id(1, 1), "a", .completed(TransferCompletion(bytes: 5, sha256: nil, bytesSent: 5, resumedFrom: 0))))
        state.apply(finished(id(1, 2), "b", .skipped(.destinationExists)))
        state.apply(finished(id(1, 3), "c", .paused(TransferPause(partial: PartialFile(address: local("/d/.c.termind-partial"), bytesKept: 7)))))
        state.apply(finished(id(1, 4), "d", .cancelled(notRemoved: ["/d/.d.termind-partial"])))
        state.apply(finished(id(1, 5), "e", .failed(TransferFailure(FileSystemError(.noSpace, location: "local", path: "/d/e", detail: "full")))))

        XCTAssertEqual(state.items.map(\.state.word), ["done", "skipped", "paused", "cancelled", "failed"])
        XCTAssertEqual(state.items[0].bytesDone, 5)
        XCTAssertEqual(state.items[2].bytesDone, 7)
        XCTAssertTrue(state.items[2].canResume)
        XCTAssertFalse(state.items[4].canResume, "no partial kept: nothing to resume")
        XCTAssertEqual(state.activeCount, 0)
    }

    func testAReportListsWaitingEntriesWithoutUndoingWhatEventsSaid() {
        var state = TransferQueueState()
        state.apply(started(id(1, 1), "b"))
        let files = ["a", "b", "c"].enumerated().map { index, name in
            TransferFileReport(id: id(1, index), kind: .file, source: remote("/s/\(name)"), destination: local("/d/\(name)"),
                               outcome: .pending)
        }
        state.merge(TransferBatchReport(id: TransferBatchID(1), files: files))

        XCTAssertEqual(state.items.map(\.state.word), ["waiting", "running", "waiting"])
        XCTAssertEqual(state.activeCount, 3)
    }

    func testInterruptedRecordsAreListedOnceFirstAndGiveWayToTheirResume() {
        var state = TransferQueueState()
        state.apply(started(id(1, 0), "new"))
        let old = PartialTransferRecord(
            source: remote("/s/old"), sourceSize: 100, sourceModified: nil, destination: local("/d/old"), partialPath: "/d/.old.termind-partial",
            verifiedBytes: 40, sha256: "", savedAt: .init(timeIntervalSince1970: 0))
        var alsoRunning = old
        alsoRunning.destination = local("/d/new")

        state.listInterrupted([old, alsoRunning])
        state.listInterrupted([old])

        XCTAssertEqual(state.items.map(\.state.word), ["interrupted", "running"])
        XCTAssertEqual(state.items[0].bytesDone, 40)
        XCTAssertEqual(state.activeCount, 1, "interrupted is neither running nor waiting")

        state.apply(.started(id(2, 0), TransferStart(source: remote("/s/old"), destination: local("/d/old"), totalBytes: 100, resumingFrom: 40)))
        XCTAssertEqual(state.items.map(\.state.word), ["running", "running"])
    }

    func testInterruptedAndPausedTransfersAreCountedAsWaitingForThePerson() {
        var state = TransferQueueState()
        XCTAssertEqual(state.resumableCount, 0)
        state.listInterrupted([PartialTransferRecord(
            source: remote("/s/old"), sourceSize: 100, sourceModified: nil, destination: local("/d/old"), partialPath: "/d/.old.termind-partial",
            verifiedBytes: 40, sha256: "", savedAt: .init(timeIntervalSince1970: 0))])
        XCTAssertEqual(state.activeCount, 0)
        XCTAssertEqual(state.resumableCount, 1, "the interrupted one waits")
        state.apply(finished(id(1, 0), "c", .paused(TransferPause(partial: PartialFile(address: local("/d/.c.termind-partial"), bytesKept: 7)))))
        state.apply(finished(id(1, 1), "a", .completed(TransferCompletion(bytes: 5, sha256: nil, bytesSent: 5, resumedFrom: 0))))
        XCTAssertEqual(state.resumableCount, 2, "and the paused one; not the done one")
    }

    func testClearFinishedKeepsWhatCanStillBeResumed() {
        var state = TransferQueueState()
        state.apply(finished(id(1, 0), "a", .completed(TransferCompletion(bytes: 5, sha256: nil, bytesSent: 5, resumedFrom: 0))))
        state.apply(finished(id(2, 0), "b", .paused(TransferPause(partial: nil))))
        state.apply(finished(id(3, 0), "c", .failed(TransferFailure(
            FileSystemError(.connectionLost, location: "web", path: "/s/c", detail: "lost"),
            partial: PartialFile(address: local("/d/.c.termind-partial"), bytesKept: 3)))))

        let forgotten = state.clearFinished()

        XCTAssertEqual(state.items.map(\.source.path), ["/s/b", "/s/c"])
        XCTAssertEqual(forgotten, [TransferBatchID(1)])
    }
}
