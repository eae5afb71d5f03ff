import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Exec channels through `LibSSH2Connector` against a real sshd: output streamed as it comes,
/// stdout and stderr apart, exit status and signal, standard input, several channels at once,
/// and closing.
final class ConnectionExecTests: XCTestCase {
    private static func connect(_ server: SSHDServer) async throws -> any SSHConnection {
        try await LibSSH2Connector(agentSocketPath: nil)
            .connect(server.plan(credentials: [try server.clientKeyCredential()]), using: connectionContext())
    }

    func testOutputArrivesAsItComesWithStdoutAndStderrApart() async throws {
        let server = try startSSHD()
        let collected = try await within(.seconds(20)) {
            let connection = try await Self.connect(server)
            defer { Task { await connection.close() } }
            let process = try await connection.execute("echo first; sleep 1; echo second >&2; echo third")
            return try await CollectedOutput.collect(process.output)
        }
        XCTAssertEqual(collected.stdoutText, "first\nthird\n")
        XCTAssertEqual(collected.stderrText, "second\n")
        XCTAssertEqual(collected.exit, .exit(status: 0, signal: nil))
        let first = try XCTUnwrap(collected.chunks.first)
        XCTAssertEqual(first.output, .stdout(Array("first\n".utf8)))
        let exitAt = try XCTUnwrap(collected.chunks.last?.at)
        // The first line came a whole `sleep 1` before the end, not with it. Relative only: the
        // remote `sleep 1` may start before the local clock does, and a loaded machine delays both.
        XCTAssertGreaterThanOrEqual(exitAt - first.at, .milliseconds(900), "the first line came only with the end")
        if case .exit = collected.chunks.last?.output {} else { XCTFail("the stream did not end with .exit") }
    }

    func testTheOutputStreamAloneKeepsTheConnectionOpen() async throws {
        let server = try startSSHD()
        let plan = server.plan(credentials: [try server.clientKeyCredential()])
        let collected = try await within(.seconds(20)) {
            // Neither the connection nor the process is kept: only their output.
            let output = try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext())
                .execute("sleep 0.5; echo kept").output
            return try await CollectedOutput.collect(output)
        }
        XCTAssertEqual(collected.stdoutText, "kept\n")
        XCTAssertEqual(collected.exit, .exit(status: 0, signal: nil))
    }

    func testExitStatusAndExitSignalArriveLast() async throws {
        let server = try startSSHD()
        try await within(.seconds(20)) {
            let connection = try await Self.connect(server)
            let failing = try await CollectedOutput.collect(try await connection.execute("echo out; exit 3").output)
            XCTAssertEqual(failing.exit, .exit(status: 3, signal: nil))
            XCTAssertEqual(failing.stdoutText, "out\n")
            let killed = try await CollectedOutput.collect(try await connection.execute("kill -TERM $$").output)
            XCTAssertEqual(killed.exit, .exit(status: nil, signal: "TERM"))
            await connection.close()
        }
    }

    func testStandardInputIsWrittenAndClosed() async throws {
        let server = try startSSHD()
        try await within(.seconds(30)) {
            let connection = try await Self.connect(server)
            let echo = try await connection.execute("cat")
            try await echo.write(Array("hello\n".utf8))
            try await echo.closeInput()
            let echoed = try await CollectedOutput.collect(echo.output)
            XCTAssertEqual(echoed.stdoutText, "hello\n")
            XCTAssertEqual(echoed.exit, .exit(status: 0, signal: nil))

            // More than libssh2's 2 MiB window, so writing waits for window adjustments.
            let counter = try await connection.execute("wc -c")
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<5 { try await counter.write(chunk) }
            try await counter.closeInput()
            let counted = try await CollectedOutput.collect(counter.output)
            XCTAssertEqual(counted.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines), "5242880")
            await connection.close()
        }
    }

    func testSentInputArrivesInOrderWhileTheSenderRunsAheadOnlyToTheQueuesLimit() async throws {
        let server = try startSSHD()
        try await within(.seconds(60)) {
            let connection = try await Self.connect(server)
            // A remote command that reads slowly: sends return as soon as there is room, and
            // the queue behind them never holds much more than its limit.
            let process = try await connection.execute("sleep 1; sha256sum")
            var expected: [UInt8] = []
            let started = ContinuousClock.now
            var sentBeforeTheCommandRead = 0
            for index in 0..<48 {
                let chunk = (0..<(256 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) }
                expected += chunk
                try await process.send(chunk)
                if started.duration(to: .now) < .milliseconds(800) { sentBeforeTheCommandRead += chunk.count }
            }
            try await process.closeInput()
            let result = try await CollectedOutput.collect(process.output)
            let sent = try TemporaryDirectory(prefix: "termind-sent")
            let file = sent.appending("sent.bin").path
            try Data(expected).write(to: URL(fileURLWithPath: file))
            let local = try ChildProcess.run("sha256sum", [file])
            XCTAssertEqual(result.exit, .exit(status: 0, signal: nil))
            XCTAssertEqual(String(result.stdoutText.prefix(64)), String(local.stdout.prefix(64)), "the bytes arrived changed or out of order")
            // 2 MiB of channel window, 1 MiB queued, and the socket's buffers: far from all 12 MiB.
            XCTAssertLessThan(sentBeforeTheCommandRead, 8 << 20, "send ran ahead of the channel without bound")
            await connection.close()
        }
    }

    func testALargeOutputReadSlowlyArrivesWhole() async throws {
        let server = try startSSHD()
        try await within(.seconds(60)) {
            let connection = try await Self.connect(server)
            let process = try await connection.execute("head -c 12000000 /dev/zero; echo done >&2")
            var count = 0
            var stderr: [UInt8] = []
            var exit: RemoteOutput?
            for try await element in process.output {
                switch element {
                case .stdout(let bytes):
                    count += bytes.count
                    // A slow reader: the worker must stop reading rather than buffer it all.
                    if count < 4_000_000 { try await Task.sleep(for: .microseconds(200)) }  // the slowness is the behaviour
                case .stderr(let bytes): stderr += bytes
                case .exit: exit = element
                }
            }
            XCTAssertEqual(count, 12_000_000)
            XCTAssertEqual(String(decoding: stderr, as: UTF8.self), "done\n")
            XCTAssertEqual(exit, .exit(status: 0, signal: nil))
            await connection.close()
        }
    }

    func testStdoutAndStderrLargerThanTheChannelWindowArriveWhole() async throws {
        let server = try startSSHD()
        let collected = try await within(.seconds(30)) {
            let connection = try await Self.connect(server)
            defer { Task { await connection.close() } }
            let process = try await connection.execute("head -c 3000000 /dev/zero; head -c 3000000 /dev/zero 1>&2")
            return try await CollectedOutput.collect(process.output)
        }
        XCTAssertEqual(collected.stdout.count, 3_000_000)
        XCTAssertEqual(collected.stderr.count, 3_000_000)
        XCTAssertEqual(collected.exit, .exit(status: 0, signal: nil))
    }

    func testCommandsRunOneAfterAnotherOnOneConnection() async throws {
        let server = try startSSHD()
        let outputs = try await within(.seconds(30)) {
            let connection = try await Self.connect(server)
            var outputs: [String] = []
            for index in 0..<5 {
                outputs.append(try await CollectedOutput.collect(try await connection.execute("echo \(index)").output).stdoutText)
            }
            await connection.close()
            return outputs
        }
        XCTAssertEqual(outputs, (0..<5).map { "\($0)\n" })
    }

    func testSeveralCommandsRunAtOnceOnOneConnection() async throws {
        let server = try startSSHD()
        let outputs = try await within(.seconds(30)) {
            let connection = try await Self.connect(server)
            let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<5 {
                    group.addTask {
                        let process = try await connection.execute("sleep 0.$((RANDOM % 5)); echo \(index)")
                        return (index, try await CollectedOutput.collect(process.output).stdoutText)
                    }
                }
                var results: [Int: String] = [:]
                for try await (index, text) in group { results[index] = text }
                return results
            }
            await connection.close()
            return results
        }
        XCTAssertEqual(outputs, Dictionary(uniqueKeysWithValues: (0..<5).map { ($0, "\($0)\n") }))
    }

    func testClosingTheConnectionEndsARunningCommandsStreamAndTheWorker() async throws {
        let server = try startSSHD()
        let before = WorkerThreads.count()
        try await within(.seconds(20)) {
            let connection = try await Self.connect(server)
            let process = try await connection.execute("echo started; sleep 60")
            var iterator = process.output.makeAsyncIterator()
            let first = try await iterator.next()
            XCTAssertEqual(first, .stdout(Array("started\n".utf8)))
            let started = ContinuousClock.now
            await connection.close()
            while let element = try await iterator.next() {
                XCTFail("unexpected \(element) after close")
            }
            XCTAssertLessThan(started.duration(to: .now), .seconds(3))
            do {
                _ = try await connection.execute("true")
                XCTFail("a closed connection opened a channel")
            } catch let failure as SSHFailure {
                XCTAssertEqual(failure.kind, .channel, "\(failure)")
            }
        }
        let left = await WorkerThreads.waitUntil(atMost: before)
        XCTAssertLessThanOrEqual(left, before)
    }

    func testClosingOneProcessLeavesTheConnectionUsable() async throws {
        let server = try startSSHD()
        try await within(.seconds(20)) {
            let connection = try await Self.connect(server)
            let sleeper = try await connection.execute("sleep 60")
            await sleeper.close()
            for try await element in sleeper.output { XCTFail("unexpected \(element) after close") }
            let next = try await CollectedOutput.collect(try await connection.execute("echo still here").output)
            XCTAssertEqual(next.stdoutText, "still here\n")
            await connection.close()
        }
    }

    /// Closing a running command sends it SIGTERM, which libssh2 1.10 sends wanting an answer;
    /// a command starting on another channel meanwhile must not read that answer as its own
    /// (libssh2 issue 671: "Failed waiting for channel success", and the connection was lost).
    func testCommandsStartingWhileOthersAreClosedAllStartAndTheConnectionLives() async throws {
        let server = try startSSHD()
        try await within(.seconds(90)) {
            let connection = try await Self.connect(server)
            for round in 0..<20 {
                let sleepers = try await withThrowingTaskGroup(of: (any RemoteProcess).self) { group in
                    // Two and two: with the last round's channels still closing, under sshd's MaxSessions (10).
                    for _ in 0..<2 { group.addTask { try await connection.execute("sleep 60") } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let outputs = try await withThrowingTaskGroup(of: String.self) { group in
                    for sleeper in sleepers { group.addTask { await sleeper.close(); return "" } }
                    for index in 0..<2 {
                        group.addTask {
                            try await CollectedOutput.collect(try await connection.execute("echo \(round).\(index)").output).stdoutText
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                XCTAssertEqual(Set(outputs.filter { !$0.isEmpty }), ["\(round).0\n", "\(round).1\n"], "round \(round)")
            }
            await connection.close()
        }
    }
}
