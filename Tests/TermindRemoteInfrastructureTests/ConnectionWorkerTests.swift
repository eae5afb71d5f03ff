@testable import TermindRemoteInfrastructure
import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

/// The worker's thread and mailbox, without a network: jobs run on the worker's own thread, a
/// job wakes a waiting worker at once, and an ended worker refuses work.
final class ConnectionWorkerTests: XCTestCase {
    func testJobsRunInOrderOnTheWorkersOwnThread() async throws {
        let worker = try ConnectionWorker(label: "unit", ioTimeout: .seconds(5), keepalive: .off, logger: NullLogger())
        let name = try await worker.run { _ in Thread.current.name ?? "" }
        XCTAssertEqual(name, ConnectionWorker.threadName)
        let started = ContinuousClock.now
        for index in 0..<100 {
            let echoed = try await worker.run { _ in index }
            XCTAssertEqual(echoed, index)
        }
        XCTAssertLessThan(started.duration(to: .now), .seconds(1), "a job must wake the worker at once")
        await worker.close()
    }

    func testAJobThatCameWhileABlockingStepDrainedTheWakeUpStillRuns() async throws {
        let worker = try ConnectionWorker(label: "unit", ioTimeout: .seconds(5), keepalive: .off, logger: NullLogger())
        let second = Mutex<Task<Int, any Error>?>(nil)
        // The first job stands for a blocking step: a job comes meanwhile, and the step's own
        // wait drains the wake-up that job sent (as `SSH2WaitInterruption` does).
        try await worker.run { _ in
            let queued = Task { try await worker.run { _ in 2 } }
            second.withLock { $0 = queued }
            _ = waitUntil(timeout: 5) { worker.hasJobs }
            worker.wake.drain()
        }
        let queued = try XCTUnwrap(second.withLock { $0 })
        let answered = Task { try await queued.value }
        let timeout = onExpiry(of: .seconds(5)) {
            worker.wake.signal()  // lets a stuck loop go on, so the test ends
        }
        let started = ContinuousClock.now
        let value = try await answered.value
        timeout.cancel()
        XCTAssertEqual(value, 2)
        XCTAssertLessThan(started.duration(to: .now), .seconds(1), "the job waited for a wake-up that had been drained")
        await worker.close()
    }

    func testAnEndedWorkerRefusesJobsWithAClosedFailure() async throws {
        let worker = try ConnectionWorker(label: "unit", ioTimeout: .seconds(5), keepalive: .off, logger: NullLogger())
        await worker.close()
        do {
            _ = try await worker.run { _ in 1 }
            XCTFail("an ended worker ran a job")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .channel)
            XCTAssertEqual(failure.connection, "unit")
        }
        guard case .closed = worker.ending else { return XCTFail("\(String(describing: worker.ending))") }
    }

    func testAnAbortEndsTheWorkerWithItsFailure() async throws {
        let worker = try ConnectionWorker(label: "unit", ioTimeout: .seconds(5), keepalive: .off, logger: NullLogger())
        worker.abort(.failed(SSHFailure(.cancelled, connection: "unit", detail: "cancelled")))
        await worker.waitUntilEnded()
        do {
            _ = try await worker.run { _ in 1 }
            XCTFail("an aborted worker ran a job")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .cancelled)
        }
    }

    func testASessionlessWorkerRefusesChannelsClearly() async throws {
        let worker = try ConnectionWorker(label: "unit", ioTimeout: .seconds(5), keepalive: .off, logger: NullLogger())
        do {
            let _: ChannelHandle = try await worker.request { loop, continuation in loop.openExec("true", continuation: continuation) }
            XCTFail("a channel without a session")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .dropped)
        }
        await worker.close()
    }
}
