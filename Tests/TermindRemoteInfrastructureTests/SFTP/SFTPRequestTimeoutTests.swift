@testable import TermindRemoteInfrastructure
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

/// The per-request timeout (`--io-timeout`): a request is timed from when it was sent, one the
/// server leaves unanswered ends the SFTP session naming it, and a CLOSE on the way out of a
/// cancelled call never waits for its answer (issue 28, point 4).
final class SFTPRequestTimeoutTests: XCTestCase {
    private let start = ContinuousClock.now

    // MARK: - The request table

    func testARequestIsTimedFromWhenItWasSentNotFromWhenItWasQueued() {
        var table = SFTPRequestTable<String>()
        let id = table.register(.read, expecting: [.status, .data], about: "/v/slow", entry: "read")
        XCTAssertNil(table.overdue(at: start + .seconds(3600), after: .seconds(60)), "a request not sent yet never runs out")

        let sent = start + .seconds(100)
        XCTAssertTrue(table.markSent(id, at: sent))
        XCTAssertNil(table.overdue(at: sent + .seconds(59), after: .seconds(60)))
        let overdue = table.overdue(at: sent + .seconds(60), after: .seconds(60))
        XCTAssertEqual(overdue, .init(id: id, request: .read, path: "/v/slow", sent: sent))
    }

    func testTheOldestUnansweredRequestRunsOutFirstAndAnsweredOnesDropOut() throws {
        var table = SFTPRequestTable<Int>()
        let first = table.register(.open, expecting: [.status, .handle], about: "/a", entry: 1)
        let second = table.register(.stat, expecting: [.status, .attributes], about: "/b", entry: 2)
        let third = table.register(.readdir, expecting: [.status, .name], about: "/c", entry: 3)
        table.markSent(second, at: start + .seconds(1))
        table.markSent(first, at: start + .seconds(2))
        table.markSent(third, at: start + .seconds(3))
        XCTAssertEqual(table.oldestUnanswered?.path, "/b")

        _ = try table.match(id: second, type: .attrs)
        XCTAssertEqual(table.oldestUnanswered?.path, "/a")
        XCTAssertNil(table.overdue(at: start + .seconds(11), after: .seconds(10)), "the answered one no longer counts")
        XCTAssertEqual(table.overdue(at: start + .seconds(12), after: .seconds(10))?.id, first)

        _ = table.remove(first)
        _ = try table.match(id: third, type: .name)
        XCTAssertNil(table.oldestUnanswered)
    }

    func testARequestAnsweredBeforeItsSendingWasRecordedIsNotTimed() throws {
        var table = SFTPRequestTable<Int>()
        let id = table.register(.close, expecting: .status, entry: 1)
        _ = try table.match(id: id, type: .status)
        XCTAssertFalse(table.markSent(id, at: start))
        XCTAssertNil(table.oldestUnanswered)
    }

    // MARK: - The client

    func testAReadTheServerNeverAnswersFailsNamingTheRequestAndPathAndEndsTheSession() async throws {
        let (client, channel) = try await openClient(requestTimeout: .milliseconds(300))
        let opened = Task { try await client.openReader("/v/slow") }
        let (openID, _) = try await channel.nextRequest()
        channel.send(SFTPReply(id: openID, body: .handle([7])))
        let reader = try await opened.value

        let began = ContinuousClock.now
        let error = await failure { try await reader.read(at: 0, count: 1000) }
        let waited = began.duration(to: .now)
        XCTAssertEqual(error?.kind, .timedOut)
        XCTAssertEqual(error?.path, "/v/slow")
        XCTAssertTrue(error?.detail.contains("the server did not answer READ for /v/slow in 0.3 s") == true, "\(String(describing: error))")
        XCTAssertTrue(error?.detail.contains("raise --io-timeout") == true)
        XCTAssertEqual(error?.exitCode, .connectionFailed)
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(300))
        XCTAssertLessThan(waited, .seconds(3))

        // The session is over: the channel is closed and later calls fail at once.
        let later = await failure { try await client.stat("/v/other") }
        XCTAssertEqual(later?.kind, .timedOut)
        await eventually("the channel of a stuck session is closed") { channel.isClosed }
    }

    func testRequestsEachAnsweredInTimeNeverRunOutHoweverLongTheSessionLasts() async throws {
        let (client, channel) = try await openClient(requestTimeout: .milliseconds(400))
        for index in 0..<4 {
            let stat = Task { try await client.stat("/f\(index)") }
            let (id, _) = try await channel.nextRequest()
            try await Task.sleep(for: .milliseconds(200))  // a slow answer, within the timeout, is the behaviour
            channel.send(SFTPReply(id: id, body: .attributes(FileAttributes(size: UInt64(index)))))
            let file = try await stat.value
            XCTAssertEqual(file.attributes.size, UInt64(index))
        }
        XCTAssertFalse(channel.isClosed, "0.8 s of answered requests is not a timeout")
    }

    func testACloseOnTheWayOutOfACancelledCallIsSentButNotWaitedFor() async throws {
        let (client, channel) = try await openClient(requestTimeout: .seconds(60))
        let began = ContinuousClock.now
        let closing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await client.closeHandle([9], path: "/v/slow")
        }
        try await closing.value
        XCTAssertLessThan(began.duration(to: .now), .seconds(2), "the CLOSE's answer was waited for")
        let (id, request) = try await channel.nextRequest()
        XCTAssertEqual(request, .close(handle: [9]))
        // Its late answer is dropped, not a reply to no request: the session goes on.
        channel.send(SFTPReply(id: id, body: .status(SFTPStatus(code: .ok, message: "", language: ""))))
        let next = Task { try await client.stat("/fast") }
        let (statID, _) = try await channel.nextRequest()
        channel.send(SFTPReply(id: statID, body: .attributes(FileAttributes(size: 2))))
        let fast = try await next.value
        XCTAssertEqual(fast.attributes.size, 2)
    }

    // MARK: - Helpers

    /// A client on a scripted channel, the handshake played without extensions.
    private func openClient(requestTimeout: Duration) async throws -> (SFTPClient, ScriptedSFTPChannel) {
        let channel = ScriptedSFTPChannel()
        let opening = Task {
            try await SFTPClient.open(over: channel, location: "test-host", requestTimeout: requestTimeout)
        }
        _ = try await channel.nextPacket()
        channel.sendVersion()
        return (try await opening.value, channel)
    }

    /// The `FileSystemError` `body` throws (it must throw one: a timeout cannot hang here).
    private func failure<T>(_ body: () async throws -> T) async -> FileSystemError? {
        do {
            _ = try await body()
            XCTFail("no error")
        } catch let error as FileSystemError {
            return error
        } catch {
            XCTFail("not a FileSystemError: \(error)")
        }
        return nil
    }
}
