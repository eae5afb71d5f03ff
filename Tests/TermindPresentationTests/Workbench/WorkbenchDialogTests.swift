import Synchronization
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// Interaction dialogs: host keys, keyboard-interactive rounds, passwords; one at a time, each
/// labelled with its host and pane, counted in the status bar, Esc cancelling only its attempt.
@MainActor
final class WorkbenchDialogTests: WorkbenchTestCase {
    /// What the connections' askers got back, in order.
    private final class AnswerLog: Sendable {
        let results = Mutex<[Result<InteractionAnswer, any Error>]>([])
        func append(_ result: Result<InteractionAnswer, any Error>) { results.withLock { $0.append(result) } }
    }

    private let answers = AnswerLog()
    private var answered: [Result<InteractionAnswer, any Error>] { answers.results.withLock { $0 } }

    /// Makes every connection ask `request` first and connect whatever the answer.
    private func askFirst(_ request: InteractionRequest) {
        let answers = self.answers
        services.connect { label, interactions, generation in
            do {
                let answer = try await interactions.ask(request, connectionLabel: label, generation: generation)
                answers.append(.success(answer))
            } catch {
                answers.append(.failure(error))
                throw error
            }
            return ScriptedConnection(label: label)
        }
    }

    private static let question = HostKeyQuestion(
        hostname: "10.0.0.1", port: 2222, keyType: "ssh-ed25519",
        fingerprint: KeyFingerprint(sha256: Array(repeating: 7, count: 32))!)

    func testAnUnknownHostKeyShowsHostPortTypeAndFingerprintAndTrustAndSaveAnswers() async throws {
        try await start()
        askFirst(.hostKey(Self.question))
        type("web")
        press(.enter)
        await waitForScreen(containing: "Unknown host key")
        let text = screenText
        XCTAssertTrue(text.contains("Asked by web, pane 1 of Workspace 1"), text)
        XCTAssertTrue(text.contains("The authenticity of host '[10.0.0.1]:2222' can't be established."), text)
        XCTAssertTrue(text.contains("Port:        2222"), text)
        XCTAssertTrue(text.contains("Key type:    ED25519 (ssh-ed25519)"), text)
        XCTAssertTrue(text.contains("Fingerprint: \(Self.question.fingerprint)"), text)
        XCTAssertTrue(text.contains(" Trust once    Trust and save    Reject "), text)
        await eventually("the status bar counts it", showing: screenReport) { self.screen[29].contains("1 interaction waiting") }

        press(.right)
        press(.enter)
        await eventually("the answer reached the connection", showing: screenReport) { self.answered.count == 1 }
        guard case .success(.hostKey(.trustAndSave)) = answered[0] else { return XCTFail("\(answered)") }
        await eventually("the dialog left and the count went", showing: screenReport) { !self.screenText.contains("Unknown host key") && !self.screen[29].contains("waiting") }
    }

    func testAKeyboardInteractiveRoundShowsTheServersTextAndHidesAnswersWithoutEcho() async throws {
        try await start()
        let round = KeyboardInteractiveRound(
            name: "Two-factor login", instruction: "Answer both questions.",
            prompts: [KeyboardInteractivePrompt(text: "Password: ", echo: false), KeyboardInteractivePrompt(text: "Favourite colour: ", echo: true)])
        askFirst(.keyboardInteractive(round))
        type("web")
        press(.enter)
        await waitForScreen(containing: "Two-factor login")
        XCTAssertTrue(screenText.contains("Answer both questions."), screenText)
        XCTAssertTrue(screenText.contains("Password:"), screenText)
        type("hunter2")
        press(.tab)
        type("blue")
        XCTAssertTrue(screenText.contains("•••••••"), screenText)
        XCTAssertFalse(screenText.contains("hunter2"), "a no-echo answer showed")
        XCTAssertTrue(screenText.contains("blue"), screenText)
        press(.enter)
        await eventually("the answers reached the connection", showing: screenReport) { self.answered.count == 1 }
        guard case .success(.responses(let responses)) = answered[0] else { return XCTFail("\(answered)") }
        XCTAssertEqual(responses, [Secret("hunter2"), Secret("blue")])
    }

    func testAPasswordDialogIsMaskedAndEmptyAnswersAreValid() async throws {
        try await start()
        askFirst(.password(username: "deploy"))
        type("web")
        press(.enter)
        await waitForScreen(containing: "Password for deploy:")
        press(.enter)
        await eventually("the answer reached the connection", showing: screenReport) { self.answered.count == 1 }
        guard case .success(.secret(let secret)) = answered[0] else { return XCTFail("\(answered)") }
        XCTAssertEqual(secret, Secret(""))
    }

    func testEscCancelsOnlyThatAttemptAndTheOtherPaneCarriesOn() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        askFirst(.password(username: "deploy"))
        prefixed(.character("%"))
        await waitForScreen(containing: "Password for deploy:")
        XCTAssertTrue(screenText.contains("Asked by web, pane 2 of Workspace 1"), screenText)
        press(.escape)
        await eventually("the asker saw the cancellation", showing: screenReport) { self.answered.count == 1 }
        guard case .failure(let error) = answered[0], error is CancellationError else { return XCTFail("\(answered)") }
        await waitForScreen(containing: "Could not connect to web")
        first.shell.print("pane one still works")
        await waitForScreen(containing: "pane one still works")
        XCTAssertFalse(first.isClosed)
    }

    func testInteractionsAreShownOneAtATimeAndTheStatusBarCountsTheWaitingOnes() async throws {
        try await start()
        askFirst(.password(username: "deploy"))
        type("web")
        press(.enter)
        await waitForScreen(containing: "Password for deploy:")
        prefixed(.character("%"))  // a dialog is modal: this key went to the dialog, not the keymap
        XCTAssertEqual(services.attempts.count, 1)

        // A second connection asks while the first dialog is on screen.
        let queue = workbench.interactions
        let second = Task { try await queue.ask(.passphrase(keyLabel: "laptop"), connectionLabel: "db-primary", generation: .next()) }
        await eventually("two are counted", showing: screenReport) { self.screen[29].contains("2 interactions waiting") }
        XCTAssertFalse(screenText.contains("Passphrase for Key 'laptop'"), "only one dialog at a time")
        press(.escape)
        await waitForScreen(containing: "Passphrase for Key 'laptop'")
        XCTAssertTrue(screenText.contains("Asked by db-primary"), screenText)
        type("s3cret")
        press(.enter)
        let answer = try await second.value
        XCTAssertEqual(answer, .secret(Secret("s3cret")))
    }

    func testClosingThePaneWithdrawsItsDialog() async throws {
        try await start()
        askFirst(.hostKey(Self.question))
        type("web")
        press(.enter)
        await waitForScreen(containing: "Unknown host key")
        // The pane's attempt is retired (as closing the pane does): its dialog goes away.
        let generation = try XCTUnwrap(services.attempts.first?.generation)
        await workbench.interactions.cancel(generation: generation)
        await eventually("the dialog left", showing: screenReport) { !self.screenText.contains("Unknown host key") }
        await eventually("the asker saw the cancellation", showing: screenReport) { self.answered.count == 1 }
    }
}
