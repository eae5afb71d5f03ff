import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import TermindTestSupport
import XCTest

final class InteractionQueueTests: XCTestCase {
    private let first = AttemptGeneration.next()
    private let second = AttemptGeneration.next()

    private func password(_ user: String) -> InteractionRequest { .password(username: user) }

    /// Starts an ask in its own task and waits until the queue holds it, so asks enter in order.
    private func enqueue(
        _ request: InteractionRequest, on queue: InteractionQueue, generation: AttemptGeneration, label: String = "web",
        file: StaticString = #filePath, line: UInt = #line
    ) async -> Task<InteractionAnswer, any Error> {
        let before = await queue.pendingCount
        let task = Task { try await queue.ask(request, connectionLabel: label, generation: generation) }
        await eventually("the ask is queued", file: file, line: line) { await queue.pendingCount == before + 1 }
        return task
    }

    private func expectCancelled(_ task: Task<InteractionAnswer, any Error>, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let answer = try await task.value
            XCTFail("expected CancellationError, got \(answer)", file: file, line: line)
        } catch {
            XCTAssertTrue(error is CancellationError, "threw \(error)", file: file, line: line)
        }
    }

    func testInteractionsArePresentedInTheOrderTheyWereAsked() async throws {
        let presenter = ManualPresenter()
        let queue = InteractionQueue(presenter: presenter)
        let a = await enqueue(password("alice"), on: queue, generation: first)
        let b = await enqueue(password("bob"), on: queue, generation: second)
        let c = await enqueue(password("carol"), on: queue, generation: first)
        for (task, name) in [(a, "alice"), (b, "bob"), (c, "carol")] {
            await eventually("\(name) is presented") { await presenter.presented.last?.request == .password(username: name) }
            await presenter.answerLatest(with: .secret(Secret(name)))
            let answer = try await task.value
            XCTAssertEqual(answer, .secret(Secret(name)))
        }
        let order = await presenter.presented.map(\.request)
        XCTAssertEqual(order, [password("alice"), password("bob"), password("carol")])
    }

    func testASecondAskIsNotPresentedUntilTheFirstIsAnswered() async throws {
        let presenter = ManualPresenter()
        let queue = InteractionQueue(presenter: presenter)
        let a = await enqueue(password("alice"), on: queue, generation: first, label: "web")
        let b = await enqueue(password("bob"), on: queue, generation: second, label: "db")
        await eventually("alice is presented") { await presenter.presented.count == 1 }
        let pending = await queue.pendingCount
        XCTAssertEqual(pending, 2)

        await presenter.answerLatest(with: .secret(Secret("a")))
        _ = try await a.value
        await eventually("bob is presented") { await presenter.presented.count == 2 }
        let shown = await presenter.presented
        XCTAssertEqual(shown.map(\.connectionLabel), ["web", "db"])
        XCTAssertEqual(shown.map(\.generation), [first, second])
        XCTAssertNotEqual(shown[0].id, shown[1].id)
        await presenter.answerLatest(with: .secret(Secret("b")))
        _ = try await b.value
        let mostAtOnce = await presenter.mostAtOnce
        XCTAssertEqual(mostAtOnce, 1, "bob was never on screen beside alice")
    }

    func testAZeroPromptRoundCompletesWithoutBeingPresented() async throws {
        let presenter = ScriptedPresenter()
        let queue = InteractionQueue(presenter: presenter)
        let round = KeyboardInteractiveRound(name: "", instruction: "Welcome", prompts: [])
        let answer = try await queue.ask(.keyboardInteractive(round), connectionLabel: "web", generation: first)
        XCTAssertEqual(answer, .responses([]))
        XCTAssertTrue(presenter.presented.isEmpty)
    }

    func testEmptyAnswersPassThroughAsGiven() async throws {
        let presenter = ScriptedPresenter([.answer(.responses([Secret(""), Secret("")]))])
        let queue = InteractionQueue(presenter: presenter)
        let round = KeyboardInteractiveRound(
            name: "", instruction: "",
            prompts: [KeyboardInteractivePrompt(text: "Code: ", echo: true), KeyboardInteractivePrompt(text: "PIN: ", echo: false)])
        let answer = try await queue.ask(.keyboardInteractive(round), connectionLabel: "web", generation: first)
        XCTAssertEqual(answer, .responses([Secret(""), Secret("")]))
        XCTAssertEqual(presenter.presented.map(\.request), [.keyboardInteractive(round)])
    }

    func testThePresentersFailureReachesTheAsker() async {
        let queue = InteractionQueue(presenter: SilentPresenter())
        do {
            _ = try await queue.ask(password("deploy"), connectionLabel: "web", generation: first)
            XCTFail("expected InteractionRequired")
        } catch let error as InteractionRequired {
            XCTAssertEqual(error.exitCode, .interactionRequired)
            XCTAssertTrue(error.need.contains("web"), error.need)
        } catch {
            XCTFail("expected InteractionRequired, got \(error)")
        }
        let pending = await queue.pendingCount
        XCTAssertEqual(pending, 0)
    }

    func testCancellingAGenerationEndsItsWaitingAndShownInteractionsWhileOthersProceed() async throws {
        let presenter = ManualPresenter()
        let queue = InteractionQueue(presenter: presenter)
        let shown = await enqueue(password("alice"), on: queue, generation: first)
        let other = await enqueue(password("bob"), on: queue, generation: second)
        let waiting = await enqueue(password("carol"), on: queue, generation: first)
        await eventually("alice is presented") { await presenter.presented.count == 1 }

        await queue.cancel(generation: first)
        await expectCancelled(shown)
        await expectCancelled(waiting)
        await eventually("the presentation of alice is cancelled") { await presenter.cancelled.count == 1 }
        await eventually("bob is presented") { await presenter.presented.count == 2 }
        await presenter.answerLatest(with: .secret(Secret("b")))
        let answer = try await other.value
        XCTAssertEqual(answer, .secret(Secret("b")))
        let requests = await presenter.presented.map(\.request)
        XCTAssertEqual(requests, [password("alice"), password("bob")], "carol's request was never shown")
    }

    func testARetiredGenerationMayNotAskAgainButOthersMay() async throws {
        let queue = InteractionQueue(presenter: ScriptedPresenter([.answer(.secret(Secret("ok")))]))
        await queue.cancel(generation: first)
        do {
            _ = try await queue.ask(password("alice"), connectionLabel: "web", generation: first)
            XCTFail("a retired generation asked")
        } catch {
            XCTAssertTrue(error is CancellationError, "threw \(error)")
        }
        let answer = try await queue.ask(password("bob"), connectionLabel: "web", generation: second)
        XCTAssertEqual(answer, .secret(Secret("ok")))
    }

    func testALateAnswerToAWithdrawnInteractionIsDropped() async throws {
        let presenter = ManualPresenter(honoursCancellation: false)
        let queue = InteractionQueue(presenter: presenter)
        let withdrawn = await enqueue(password("alice"), on: queue, generation: first)
        let next = await enqueue(password("bob"), on: queue, generation: second)
        await eventually("alice is presented") { await presenter.presented.count == 1 }
        let alice = await presenter.presented[0].id

        await queue.cancel(generation: first)
        await expectCancelled(withdrawn)
        await eventually("bob is presented") { await presenter.presented.count == 2 }
        await presenter.answer(alice, with: .secret(Secret("late")))
        await eventually("alice's late answer returned to the queue") { await presenter.returned.contains(alice) }
        let pending = await queue.pendingCount
        XCTAssertEqual(pending, 1, "bob is still on screen: alice's late answer did not finish it")

        await presenter.answerLatest(with: .secret(Secret("bob's")))
        let answer = try await next.value
        XCTAssertEqual(answer, .secret(Secret("bob's")))
    }

    func testCancellingTheAskingTaskWithdrawsItsShownInteraction() async throws {
        let presenter = ManualPresenter()
        let queue = InteractionQueue(presenter: presenter)
        let asker = await enqueue(password("alice"), on: queue, generation: first)
        let next = await enqueue(password("bob"), on: queue, generation: first)
        await eventually("alice is presented") { await presenter.presented.count == 1 }

        asker.cancel()
        await expectCancelled(asker)
        await eventually("the presenter sees the cancellation") { await presenter.cancelled.count == 1 }
        await eventually("bob is presented") { await presenter.presented.count == 2 }
        await presenter.answerLatest(with: .secret(Secret("b")))
        let answer = try await next.value
        XCTAssertEqual(answer, .secret(Secret("b")), "the same generation continues: only the task was cancelled")
    }

    func testCancellingAWaitingAskerRemovesItBeforeItIsShown() async throws {
        let presenter = ManualPresenter()
        let queue = InteractionQueue(presenter: presenter)
        let shown = await enqueue(password("alice"), on: queue, generation: first)
        let waiting = await enqueue(password("bob"), on: queue, generation: second)
        waiting.cancel()
        await expectCancelled(waiting)
        await eventually("only alice is pending") { await queue.pendingCount == 1 }

        await presenter.answerLatest(with: .secret(Secret("a")))
        _ = try await shown.value
        // The queue presents the next one as it finishes alice's: an actor call after it sees it.
        let requests = await presenter.presented.map(\.request)
        XCTAssertEqual(requests, [password("alice")])
        let pending = await queue.pendingCount
        XCTAssertEqual(pending, 0)
    }

    func testCancellingOneInteractionByIdLeavesTheRestOfItsGeneration() async throws {
        let presenter = ManualPresenter()
        let queue = InteractionQueue(presenter: presenter)
        let shown = await enqueue(password("alice"), on: queue, generation: first)
        let next = await enqueue(password("bob"), on: queue, generation: first)
        await eventually("alice is presented") { await presenter.presented.count == 1 }
        let id = await presenter.presented[0].id

        await queue.cancel(id: id)
        await expectCancelled(shown)
        await eventually("bob is presented") { await presenter.presented.count == 2 }
        await presenter.answerLatest(with: .secret(Secret("b")))
        let answer = try await next.value
        XCTAssertEqual(answer, .secret(Secret("b")))
    }
}
