import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Many connections at once, each with its own worker thread: 50 connections to loopback sshd
/// servers, each running a command, all complete and all workers end.
final class ConnectionParallelTests: XCTestCase {
    func testFiftyConnectionsEachRunningACommandComplete() async throws {
        // sshd drops unauthenticated connections beyond MaxStartups (10 by default).
        let servers = try (0..<2).map { _ in try startSSHD(configure: "MaxStartups 200") }
        let plans = try (0..<50).map { index in
            let server = servers[index % servers.count]
            return server.plan(label: "parallel-\(index)", credentials: [try server.clientKeyCredential()])
        }
        let before = WorkerThreads.count()
        let started = ContinuousClock.now
        let outputs = try await within(.seconds(120)) {
            try await withThrowingTaskGroup(of: (Int, CollectedOutput).self) { group in
                for (index, plan) in plans.enumerated() {
                    group.addTask {
                        let connection = try await LibSSH2Connector(agentSocketPath: nil)
                            .connect(plan, using: connectionContext(ioTimeout: .seconds(60)))
                        let output = try await CollectedOutput.collect(try await connection.execute("echo \(index)").output)
                        await connection.close()
                        return (index, output)
                    }
                }
                var outputs: [Int: CollectedOutput] = [:]
                for try await (index, output) in group { outputs[index] = output }
                return outputs
            }
        }
        let elapsed = started.duration(to: .now)
        print("50 parallel connections with one exec each: \(elapsed)")
        XCTAssertEqual(outputs.count, 50)
        for index in 0..<50 {
            XCTAssertEqual(outputs[index]?.stdoutText, "\(index)\n")
            XCTAssertEqual(outputs[index]?.exit, .exit(status: 0, signal: nil))
        }
        let left = await WorkerThreads.waitUntil(atMost: before)
        XCTAssertLessThanOrEqual(left, before)
    }
}
