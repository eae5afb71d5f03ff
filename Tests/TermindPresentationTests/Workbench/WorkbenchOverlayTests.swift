import TermindDomain
import XCTest
@testable import TermindPresentation

/// The workbench's overlays through its stack: keys go to the overlay drawn on top, and closing
/// it shows (and gives the keys to) the one below.
@MainActor
final class WorkbenchOverlayTests: WorkbenchTestCase {
    func testWithHelpAndQuickOpenBothOpenKeysGoToQuickOpenWhichIsDrawnOnTop() async throws {
        try await start()
        prefixed(.character("?"))
        XCTAssertTrue(screenText.contains("Key bindings"), screenReport)
        workbench.openQuickOpen()  // opened without a key (as a lost pane's prompt does)
        type("we")
        XCTAssertEqual(workbench.quickOpen?.query, "we", "the keys went to Quick Open, drawn over help")
        XCTAssertNotNil(workbench.help, "help stays open below it")
        XCTAssertTrue(screenText.contains("> we"), screenReport)
        press(.escape)
        XCTAssertNil(workbench.quickOpen)
        XCTAssertTrue(screenText.contains("Key bindings"), "help is seen again: \(screenReport)")
        press(.escape)
        XCTAssertNil(workbench.help)
    }

    func testAStatusBarQuestionTakesTheNextKeyBeforeAnOpenScreen() async throws {
        try await start()
        workbench.perform(.transferQueue)
        XCTAssertNotNil(workbench.transferOverlay)
        workbench.perform(.movePaneToWorkspace(nil))
        XCTAssertTrue(screenText.contains("move the pane to which Workspace?"), screenReport)
        press(.escape)
        XCTAssertNil(workbench.statusQuestion, "Escape answered the question")
        XCTAssertNotNil(workbench.transferOverlay, "and did not reach the queue, which stays open")
    }
}
