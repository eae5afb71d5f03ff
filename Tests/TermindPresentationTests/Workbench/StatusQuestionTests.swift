import TermindDomain
import XCTest
@testable import TermindPresentation

/// The status bar's questions as overlays: the next key answers, whatever it is, and a yes (or
/// a Workspace's digit) comes back as the effect for the workbench to carry out.
@MainActor
final class StatusQuestionTests: XCTestCase {
    private func answer(_ question: StatusQuestion, with character: Character) throws -> OverlayOutcome {
        var question = question
        return question.handleKey(KeyPress(.character(character)), context: OverlayContext(keymap: try WorkbenchFixture.defaultKeymap()))
    }

    func testAYesClosesTheQuestionAndAsksForWhatItOffered() async throws {
        let pane = PaneID()
        let quit = try answer(.quit, with: "y")
        XCTAssertEqual(quit.next, .closes)
        guard case .quit? = quit.effects.first else { return XCTFail("\(quit.effects)") }
        guard case .closePane(let closed)? = try answer(.closePane(pane), with: "Y").effects.first else { return XCTFail() }
        XCTAssertEqual(closed, pane)
        guard case .clearRecent? = try answer(.clearRecent, with: "y").effects.first else { return XCTFail() }
    }

    func testAnyOtherKeyClosesTheQuestionAndDoesNothing() async throws {
        for question in [StatusQuestion.quit, .clearRecent, .closePane(PaneID()), .moveTarget] {
            let outcome = try answer(question, with: "x")
            XCTAssertEqual(outcome.next, .closes, "\(question)")
            XCTAssertTrue(outcome.effects.isEmpty, "\(question)")
        }
        XCTAssertTrue(try answer(.moveTarget, with: "0").effects.isEmpty, "there is no Workspace 0")
    }

    func testADigitChoosesTheWorkspaceToMoveThePaneTo() async throws {
        guard case .movePane(let position)? = try answer(.moveTarget, with: "3").effects.first else { return XCTFail() }
        XCTAssertEqual(position, 3)
    }
}
