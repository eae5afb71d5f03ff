import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Keyboard-interactive exchanges OpenSSH cannot stage: several rounds, rounds without prompts,
/// mixed echo flags and a wrong answer in a later round, against the scripted asyncssh server.
final class AsyncSSHKeyboardInteractiveTests: XCTestCase {
    private typealias Round = AsyncSSHScenario.Round
    private typealias Prompt = AsyncSSHScenario.Prompt

    func testEveryRoundReachesTheResponderInOrderIncludingAZeroPromptRound() throws {
        let rounds = [
            Round(name: "Second factor", instruction: "Enter the code from your token",
                  prompts: [Prompt("Code: ", echo: false)], answers: ["123456"]),
            Round.message("Your password expires in 3 days", name: "Notice"),
            Round(name: "Identity", instruction: "",
                  prompts: [Prompt("Name: ", echo: true), Prompt("PIN: ", echo: false)], answers: ["alice", "0000"]),
        ]
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: rounds))
        let session = try server.connectSession()

        var seen: [KeyboardInteractiveRound] = []
        try session.authenticateKeyboardInteractive(username: "alice") { round in
            seen.append(round)
            return rounds[seen.count - 1].answers.map { Secret($0) }
        }

        XCTAssertTrue(session.isAuthenticated)
        XCTAssertEqual(seen, rounds.map(Self.expectedRound))
        XCTAssertEqual(seen.count, 3)
        XCTAssertEqual(seen.dropFirst().first?.prompts, [], "the notice round arrives with no prompts")
        let answered = try server.events("kbdint_round_answered")
        XCTAssertEqual(answered.map(\.round), [0, 1, 2])
        XCTAssertEqual(answered.map(\.matched), [true, true, true])
        XCTAssertEqual(try server.waitForEvent("auth_complete").methods, ["keyboard-interactive"])
    }

    func testEchoFlagsArriveAsTheServerSetThemForEachPrompt() throws {
        let round = Round(
            name: "Enrolment", instruction: "Some answers are shown, some are not",
            prompts: [Prompt("Visible: ", echo: true), Prompt("Hidden: ", echo: false), Prompt("Also visible: ", echo: true)],
            answers: ["a", "b", "c"])
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: [round]))
        let session = try server.connectSession()

        var prompts: [KeyboardInteractivePrompt] = []
        try session.authenticateKeyboardInteractive(username: "alice") { received in
            prompts += received.prompts
            return round.answers.map { Secret($0) }
        }

        XCTAssertTrue(session.isAuthenticated)
        XCTAssertEqual(prompts.map(\.text), ["Visible: ", "Hidden: ", "Also visible: "])
        XCTAssertEqual(prompts.map(\.echo), [true, false, true])
        XCTAssertEqual(try server.events("kbdint_round_sent").first?.echo, [true, false, true])
    }

    func testAWrongAnswerInALaterRoundFailsWithAnAuthenticationError() throws {
        let rounds = [
            Round(name: "Step 1", instruction: "", prompts: [Prompt("Code: ", echo: false)], answers: ["123456"]),
            Round(name: "Step 2", instruction: "", prompts: [Prompt("Word: ", echo: false)], answers: ["swordfish"]),
        ]
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: rounds))
        let session = try server.connectSession()

        var roundsSeen = 0
        XCTAssertThrowsError(try session.authenticateKeyboardInteractive(username: "alice") { _ in
            roundsSeen += 1
            return [Secret(roundsSeen == 1 ? "123456" : "wrong")]
        }) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .authentication, "\(error)")
        }

        XCTAssertFalse(session.isAuthenticated)
        XCTAssertEqual(roundsSeen, 2)
        XCTAssertEqual(try server.waitForEvent("kbdint_round_answered") { $0.round == 1 }.matched, false)
        XCTAssertEqual(try server.events("kbdint_round_answered").map(\.matched), [true, false])
        XCTAssertEqual(try server.events("auth_complete"), [])
    }

    func testTheServerLogNeverContainsTheAnswers() throws {
        let round = Round(name: "", instruction: "", prompts: [Prompt("Code: ", echo: false)], answers: ["s3cr3t-answer"])
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: [round]))
        let session = try server.connectSession()

        try session.authenticateKeyboardInteractive(username: "alice") { _ in [Secret("s3cr3t-answer")] }

        try server.waitForEvent("auth_complete")
        let log = try String(contentsOfFile: server.eventLogPath, encoding: .utf8)
        XCTAssertFalse(log.contains("s3cr3t-answer"))
    }

    private static func expectedRound(_ round: Round) -> KeyboardInteractiveRound {
        KeyboardInteractiveRound(
            name: round.name, instruction: round.instruction,
            prompts: round.prompts.map { KeyboardInteractivePrompt(text: $0.text, echo: $0.echo) })
    }
}
