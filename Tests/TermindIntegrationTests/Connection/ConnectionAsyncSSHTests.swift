import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestDoubles
import TermindTestSupport
import XCTest

/// What OpenSSH cannot stage, against the scripted asyncssh server: keyboard-interactive rounds
/// through the interaction queue (several, zero-prompt, wrong answers, cancelled ones), partial
/// success, a server that stalls in the handshake and one that drops mid-session.
final class ConnectionAsyncSSHTests: XCTestCase {
    private typealias Round = AsyncSSHScenario.Round
    private typealias Prompt = AsyncSSHScenario.Prompt

    private static func plan(_ server: AsyncSSHServer, credentials: [Credential] = []) -> ConnectionPlan {
        ConnectionPlan(label: "asyncssh-\(server.port)", hostname: server.host, port: server.port, username: "alice",
                       credentials: credentials, useAgent: false)
    }

    private static func connect(_ plan: ConnectionPlan, _ context: ConnectionContext) async throws -> any SSHConnection {
        try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: context)
    }

    func testEveryRoundGoesThroughTheQueueAndTheZeroPromptRoundIsNotPresented() async throws {
        let rounds = [
            Round(name: "Second factor", instruction: "Enter the code from your token",
                  prompts: [Prompt("Code: ", echo: false)], answers: ["123456"]),
            Round.message("Your password expires in 3 days", name: "Notice"),
            Round(name: "Identity", instruction: "",
                  prompts: [Prompt("Name: ", echo: true), Prompt("PIN: ", echo: false)], answers: ["alice", "0000"]),
        ]
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: rounds))
        let presenter = ScriptedPresenter { interaction in
            guard case .keyboardInteractive(let round) = interaction.request,
                  let scripted = rounds.first(where: { $0.name == round.name }) else {
                throw TestRigError("unexpected \(interaction.request)")
            }
            return .responses(scripted.answers.map { Secret($0) })
        }
        let context = connectionContext(presenter: presenter)
        let plan = Self.plan(server)
        let connection = try await within(.seconds(20)) { try await Self.connect(plan, context) }
        await connection.close()

        let shown = presenter.presented
        XCTAssertEqual(shown.count, 2, "the zero-prompt round must not be presented: \(shown)")
        XCTAssertEqual(shown.map(\.connectionLabel), [plan.label, plan.label])
        XCTAssertEqual(shown.map(\.generation), [context.generation, context.generation])
        XCTAssertNotEqual(shown.first?.id, shown.last?.id)
        let asked = shown.compactMap { interaction -> KeyboardInteractiveRound? in
            if case .keyboardInteractive(let round) = interaction.request { return round }
            return nil
        }
        XCTAssertEqual(asked.map(\.name), ["Second factor", "Identity"])
        XCTAssertEqual(asked.first?.instruction, "Enter the code from your token")
        XCTAssertEqual(asked.map { $0.prompts.map(\.text) }, [["Code: "], ["Name: ", "PIN: "]])
        XCTAssertEqual(asked.map { $0.prompts.map(\.echo) }, [[false], [true, false]])
        XCTAssertEqual(try server.events("kbdint_round_answered").map(\.matched), [true, true, true])
        XCTAssertEqual(try server.waitForEvent("auth_complete").methods, ["keyboard-interactive"])
    }

    func testTimeSpentAnsweringDoesNotCountAgainstTheIOTimeout() async throws {
        let round = Round(name: "Token", instruction: "", prompts: [Prompt("Code: ", echo: false)], answers: ["123456"])
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: [round]))
        let presenter = ScriptedPresenter { _ in
            try await Task.sleep(for: .seconds(3))  // a person thinking, well past the I/O timeout
            return .responses([Secret("123456")])
        }
        let plan = Self.plan(server)
        let connection = try await within(.seconds(20)) {
            try await Self.connect(plan, connectionContext(presenter: presenter, ioTimeout: .seconds(1)))
        }
        await connection.close()
        XCTAssertEqual(try server.waitForEvent("auth_complete").methods, ["keyboard-interactive"])
    }

    func testAWrongAnswerFailsWithAnAuthenticationErrorAndIsNotRetried() async throws {
        let round = Round(name: "Token", instruction: "", prompts: [Prompt("Code: ", echo: false)], answers: ["123456"])
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: [round]))
        let presenter = ScriptedPresenter { _ in .responses([Secret("654321")]) }
        let plan = Self.plan(server)
        do {
            let connection = try await within(.seconds(20)) { try await Self.connect(plan, connectionContext(presenter: presenter)) }
            await connection.close()
            XCTFail("a wrong answer was accepted")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .authentication, "\(failure)")
            XCTAssertTrue(failure.detail.contains("keyboard-interactive"), failure.detail)
            XCTAssertFalse(failure.description.contains("654321"))
        }
        XCTAssertEqual(try server.waitForEvent("kbdint_round_answered").matched, false)
        XCTAssertEqual(try server.events("kbdint_round_sent").count, 1)
        XCTAssertEqual(presenter.presented.count, 1)
    }

    func testCancellingTheGenerationInTheMiddleOfARoundEndsTheAttemptPromptly() async throws {
        let (server, context, attempt, before) = try await attemptWaitingInARound(presenter: .waitingForever())
        XCTAssertEqual(WorkerThreads.count(), before + 1, "the worker waits for the answer")

        let cancelled = ContinuousClock.now
        await context.interactions.cancel(generation: context.generation)
        await assertEndsCancelled(attempt, "a cancelled attempt connected")
        XCTAssertLessThan(cancelled.duration(to: .now), .seconds(2))
        let left = await WorkerThreads.waitUntil(atMost: before)
        XCTAssertEqual(left, before, "the worker thread did not end")
        XCTAssertEqual(try server.events("auth_complete"), [])
    }

    func testCancellingTheConnectingTaskInTheMiddleOfARoundEndsTheAttempt() async throws {
        let (server, context, attempt, before) = try await attemptWaitingInARound(presenter: .waitingForever())
        let cancelled = ContinuousClock.now
        attempt.cancel()
        await assertEndsCancelled(attempt, "a cancelled attempt connected")
        XCTAssertLessThan(cancelled.duration(to: .now), .seconds(2))
        let left = await WorkerThreads.waitUntil(atMost: before)
        XCTAssertEqual(left, before, "the worker thread did not end")
        let pending = await context.interactions.pendingCount
        XCTAssertEqual(pending, 0)
        withExtendedLifetime(server) {}  // the server runs to the end
    }

    func testALateAnswerOfARetiredGenerationIsIgnored() async throws {
        // A presenter that does not notice the cancellation and answers correctly, but late.
        let presenter = ScriptedPresenter { _ in
            await withCheckedContinuation { continuation in
                DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { continuation.resume() }
            }
            return .responses([Secret("123456")])
        }
        let (server, context, attempt, _) = try await attemptWaitingInARound(presenter: presenter)
        await context.interactions.cancel(generation: context.generation)
        await assertEndsCancelled(attempt, "a retired generation's answer was used")
        try await Task.sleep(for: .seconds(2))  // the late answer comes and goes
        XCTAssertEqual(try server.events("auth_complete"), [])
        XCTAssertFalse(try server.events("kbdint_round_answered").contains { $0.matched == true })
    }

    func testPartialSuccessAfterAKeyGoesOnWithKeyboardInteractive() async throws {
        // libssh2 1.10 checks a round's name against the length of the last method list reply
        // (libssh2 #653, fixed in 1.11): a named round must be longer than that list, hence the
        // instruction.
        let round = Round(name: "Token", instruction: "Enter the code from your token device",
                          prompts: [Prompt("Code: ", echo: false)], answers: ["123456"])
        let server = try startAsyncSSH(AsyncSSHScenario().user(
            "alice", authorizesClientKey: true, keyboardInteractive: [round],
            methods: ["publickey", "keyboard-interactive"], require: ["publickey", "keyboard-interactive"]))
        let key = Credential.key(label: "rig", privateKey: try SSHDServer.secret(atPath: server.clientPrivateKeyPath),
                                 passphrase: nil, isEncrypted: false, algorithm: .ed25519)
        let presenter = ScriptedPresenter { _ in .responses([Secret("123456")]) }
        let plan = Self.plan(server, credentials: [key])
        let connection = try await within(.seconds(20)) { try await Self.connect(plan, connectionContext(presenter: presenter)) }
        await connection.close()
        XCTAssertEqual(try server.waitForEvent("auth_complete").methods, ["publickey", "keyboard-interactive"])
        XCTAssertEqual(presenter.presented.count, 1)
    }

    func testAServerThatStallsInTheHandshakeTimesOutWithinTheConnectTimeout() async throws {
        for misbehaviour in [AsyncSSHScenario.Misbehaviour.stallBeforeBanner, .stallAfterBanner] {
            let server = try startAsyncSSH(AsyncSSHScenario().misbehaving(misbehaviour))
            let plan = Self.plan(server, credentials: [.password(Secret("pw"))])
            let started = ContinuousClock.now
            do {
                let connection = try await within(.seconds(15)) {
                    // The banner and key exchange are connection set-up: the connect timeout
                    // bounds them, as OpenSSH's ConnectTimeout does, not the longer I/O one.
                    try await Self.connect(plan, connectionContext(connectTimeout: .seconds(2), ioTimeout: .seconds(30)))
                }
                await connection.close()
                XCTFail("a stalled server connected")
            } catch let failure as SSHFailure {
                XCTAssertEqual(failure.kind, .timeout, "\(failure)")
                XCTAssertTrue(failure.detail.contains("no answer from the server within 2 s"), failure.detail)
                XCTAssertTrue(failure.detail.contains("handshake"), failure.detail)
            }
            let elapsed = started.duration(to: .now)
            XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(1_900))
            XCTAssertLessThan(elapsed, .seconds(6))
        }
    }

    func testAServerThatDropsMidSessionEndsTheStreamWithDropped() async throws {
        let server = try startAsyncSSH(AsyncSSHScenario()
            .user("alice", password: "pw")
            .exec("dump", stdout: String(repeating: "0123456789abcdef", count: 20_000))
            .misbehaving(.dropAfterBytes(40_000)))
        let plan = Self.plan(server, credentials: [.password(Secret("pw"))])
        let before = WorkerThreads.count()
        try await within(.seconds(20)) {
            let connection = try await Self.connect(plan, connectionContext(ioTimeout: .seconds(10)))
            let process = try await connection.execute("dump")
            let started = ContinuousClock.now
            var received = 0
            do {
                for try await element in process.output {
                    if case .stdout(let bytes) = element { received += bytes.count }
                }
                XCTFail("the stream ended normally after \(received) bytes")
            } catch let failure as SSHFailure {
                XCTAssertEqual(failure.kind, .dropped, "\(failure)")
            }
            XCTAssertLessThan(started.duration(to: .now), .seconds(5))
            XCTAssertLessThan(received, 320_000)
            do {
                _ = try await connection.execute("dump")
                XCTFail("a dropped connection opened a channel")
            } catch let failure as SSHFailure {
                XCTAssertEqual(failure.kind, .dropped, "\(failure)")
            }
            await connection.close()
        }
        XCTAssertEqual(try server.waitForEvent("drop").afterBytes, 40_000)
        let left = await WorkerThreads.waitUntil(atMost: before)
        XCTAssertEqual(left, before)
    }

    /// Starts an attempt against a server asking one "Token" round and returns once `presenter`
    /// has that round on screen, with the number of worker threads there were before it began.
    private func attemptWaitingInARound(presenter: ScriptedPresenter) async throws -> (
        server: AsyncSSHServer, context: ConnectionContext, attempt: Task<any SSHConnection, any Error>, workersBefore: Int
    ) {
        let round = Round(name: "Token", instruction: "", prompts: [Prompt("Code: ", echo: false)], answers: ["123456"])
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: [round]))
        let context = connectionContext(presenter: presenter, ioTimeout: .seconds(30))
        let plan = Self.plan(server)
        let before = WorkerThreads.count()
        let connector = LibSSH2Connector(agentSocketPath: nil)
        let attempt = Task<any SSHConnection, any Error> { try await connector.connect(plan, using: context) }
        let presented = await presenter.waitUntilPresented(1)
        XCTAssertTrue(presented)
        return (server, context, attempt, before)
    }

    /// Waits (at most 10 s) for `attempt` and asserts it ended with `.cancelled`.
    private func assertEndsCancelled(
        _ attempt: Task<any SSHConnection, any Error>, _ otherwise: String, file: StaticString = #filePath, line: UInt = #line
    ) async {
        do {
            let connection = try await within(.seconds(10)) { try await attempt.value }
            await connection.close()
            XCTFail(otherwise, file: file, line: line)
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .cancelled, "\(failure)", file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }
}
