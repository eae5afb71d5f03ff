import Synchronization
import TermindApplication
import TermindTestDoubles
import TermindTestSupport
import XCTest

/// `SharedConnections`: one connection per label, counted by its holders and closed with the
/// last one; askers during an opening wait for that one opening; a discarded (dead) connection
/// is replaced, and its holders' late releases never touch the new one.
final class SharedConnectionsTests: XCTestCase {
    /// Opens `InertConnection`s, counting them; `gate` holds each opening until opened.
    private final class Opener: Sendable {
        private let state = Mutex<(opened: [InertConnection], generations: [AttemptGeneration], ended: Int)>(([], [], 0))
        let gate: AsyncStream<Void>?
        private let release: AsyncStream<Void>.Continuation?

        init(gated: Bool = false) {
            if gated {
                let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
                gate = stream
                release = continuation
            } else {
                gate = nil
                release = nil
            }
        }

        var opened: [InertConnection] { state.withLock { $0.opened } }
        var generations: [AttemptGeneration] { state.withLock { $0.generations } }
        /// How many openings returned or threw.
        var ended: Int { state.withLock { $0.ended } }
        func letOneOpen() { release?.yield() }

        var open: SharedConnections.Open {
            { [self] generation in
                state.withLock { $0.generations.append(generation) }
                defer { state.withLock { $0.ended += 1 } }
                if let gate {
                    for await _ in gate { break }
                }
                try Task.checkCancellation()
                let connection = InertConnection(label: "web")
                state.withLock { $0.opened.append(connection) }
                return connection
            }
        }
    }

    private func same(_ one: SharedConnectionLease, _ other: SharedConnectionLease) -> Bool {
        (one.connection as AnyObject) === (other.connection as AnyObject)
    }

    func testHoldersShareOneConnectionWhichClosesWhenTheLastReleasesIt() async throws {
        let shared = SharedConnections()
        let opener = Opener()
        let first = try await shared.acquire("web", open: opener.open)
        let second = try await shared.acquire("web", open: opener.open)
        let third = try await shared.acquire("web", open: opener.open)
        XCTAssertEqual(opener.opened.count, 1, "one authentication for three holders")
        XCTAssertTrue(same(first, second) && same(second, third))
        let holders = await shared.holderCount("web")
        XCTAssertEqual(holders, 3)

        await shared.release(first)
        await shared.release(first)  // twice: counted once
        let left = await shared.holderCount("web")
        XCTAssertEqual(left, 2)
        await shared.release(second)
        XCTAssertFalse(opener.opened[0].isClosed, "a holder remains")
        await shared.release(third)
        XCTAssertTrue(opener.opened[0].isClosed, "closed with its last holder")
        let live = await shared.isLive("web")
        XCTAssertFalse(live)

        _ = try await shared.acquire("web", open: opener.open)
        XCTAssertEqual(opener.opened.count, 2, "after the last release the next holder opens afresh")
    }

    func testAnObserverHearsEachConnectionGoLiveAndEndByLastReleaseDiscardOrCloseAll() async throws {
        let shared = SharedConnections()
        let opener = Opener()
        let heard = Mutex<[String]>([])
        let before = try await shared.acquire("db", open: opener.open)
        await shared.observe { change in
            switch change {
            case .live(let label, _, let number): heard.withLock { $0.append("live \(label) \(number)") }
            case .ended(let label, let number): heard.withLock { $0.append("ended \(label) \(number)") }
            }
        }
        let first = try await shared.acquire("web", open: opener.open)
        let again = try await shared.acquire("web", open: opener.open)
        await shared.release(first)
        await shared.release(again)
        let second = try await shared.acquire("web", open: opener.open)
        await shared.discard(second)
        _ = try await shared.acquire("web", open: opener.open)
        await shared.closeAll()
        let number = before.connectionNumber
        XCTAssertEqual(heard.withLock { $0.prefix(1) }, ["live db \(number)"], "what is live already is told at once")
        XCTAssertEqual(Array(heard.withLock { $0.dropFirst().prefix(5) }), [
            "live web \(number + 1)", "ended web \(number + 1)", "live web \(number + 2)", "ended web \(number + 2)",
            "live web \(number + 3)",
        ])
        XCTAssertEqual(Set(heard.withLock { $0.suffix(2) }), ["ended db \(number)", "ended web \(number + 3)"])
    }

    func testLabelsHaveConnectionsOfTheirOwn() async throws {
        let shared = SharedConnections()
        let opener = Opener()
        let web = try await shared.acquire("web", open: opener.open)
        let db = try await shared.acquire("db", open: opener.open)
        XCTAssertFalse(same(web, db))
        XCTAssertEqual(opener.opened.count, 2)
    }

    func testAskersDuringAnOpeningWaitForItAndAuthenticateOnce() async throws {
        let shared = SharedConnections()
        let opener = Opener(gated: true)
        let leases = Task {
            try await withThrowingTaskGroup(of: SharedConnectionLease.self) { group in
                for _ in 0..<5 { group.addTask { try await shared.acquire("web", open: opener.open) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        await eventually("the opening started") { opener.generations.count == 1 }
        opener.letOneOpen()
        let held = try await leases.value
        XCTAssertEqual(held.count, 5)
        XCTAssertEqual(opener.generations.count, 1, "five askers, one opening")
        XCTAssertEqual(opener.opened.count, 1)
        let holders = await shared.holderCount("web")
        XCTAssertEqual(holders, 5)
    }

    func testADiscardedConnectionIsClosedAndReplacedAndOldReleasesDoNotTouchTheNewOne() async throws {
        let shared = SharedConnections()
        let opener = Opener()
        let old = try await shared.acquire("web", open: opener.open)
        let oldToo = try await shared.acquire("web", open: opener.open)
        let retired = await shared.discard(old)
        XCTAssertTrue(retired)
        let again = await shared.discard(oldToo)
        XCTAssertFalse(again, "already gone")
        XCTAssertTrue(opener.opened[0].isClosed)

        let fresh = try await shared.acquire("web", open: opener.open)
        XCTAssertEqual(opener.opened.count, 2, "a dead connection is replaced")
        XCTAssertNotEqual(fresh.connectionNumber, old.connectionNumber)
        await shared.release(old)
        await shared.release(oldToo)
        let holders = await shared.holderCount("web")
        XCTAssertEqual(holders, 1, "the dead connection's holders release nothing of the new one")
        XCTAssertFalse(opener.opened[1].isClosed)
    }

    func testAFailedOpeningFailsEveryWaiterAndTheNextAskerTriesAgain() async throws {
        let shared = SharedConnections()
        let failing: SharedConnections.Open = { _ in throw SSHFailure(.authentication, connection: "web", detail: "denied") }
        do {
            _ = try await shared.acquire("web", open: failing)
            XCTFail("the failure reaches the asker")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .authentication)
        }
        let opener = Opener()
        _ = try await shared.acquire("web", open: opener.open)
        XCTAssertEqual(opener.opened.count, 1)
    }

    func testAnOpeningNobodyWaitsForStopsAndItsInteractionsAreWithdrawn() async throws {
        let retired = Mutex<[AttemptGeneration]>([])
        let shared = SharedConnections { generation in retired.withLock { $0.append(generation) } }
        let opener = Opener(gated: true)
        let asker = Task { try await shared.acquire("web", open: opener.open) }
        await eventually("the opening started") { opener.generations.count == 1 }
        asker.cancel()
        do {
            _ = try await asker.value
            XCTFail("a cancelled asker gets no connection")
        } catch is CancellationError {}
        await eventually("the abandoned opening's interactions are withdrawn") { retired.withLock { $0 } == opener.generations }
        opener.letOneOpen()
        await eventually("the abandoned opening ended") { opener.ended == 1 }
        let live = await shared.isLive("web")
        XCTAssertFalse(live)
    }
}
