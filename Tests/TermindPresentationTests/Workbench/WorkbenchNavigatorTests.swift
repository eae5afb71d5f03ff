import TermindDomain
import XCTest
@testable import TermindPresentation

/// The Navigator shown for a pick (`C-\ w` while hidden) hides again on Esc or once the pick
/// is opened, giving its columns back to the panes; shown from the start, Esc only leaves it.
@MainActor
final class WorkbenchNavigatorTests: WorkbenchTestCase {
    func testShownForAPickEscHidesItAgain() async throws {
        try await start(size: CellSize(columns: 80, rows: 24))
        prefixed(.character("w"))  // focused: hide it
        XCTAssertFalse(workbench.navigator.isVisible, screenReport)
        prefixed(.character("w"))
        XCTAssertTrue(workbench.navigator.isVisible)
        XCTAssertEqual(workbench.focus, .navigator)
        press(.escape)
        XCTAssertFalse(workbench.navigator.isVisible, "Esc hid the Navigator it was shown for: \(screenReport)")
        XCTAssertEqual(workbench.focus, .panes)
        XCTAssertTrue(screen[1].hasPrefix(" 1 empty"), "the pane has the columns back: \(screenReport)")
    }

    func testShownForAPickOpeningAHostHidesIt() async throws {
        try await start(size: CellSize(columns: 80, rows: 24))
        prefixed(.character("w"))
        prefixed(.character("w"))
        try await openFromNavigator("web")
        XCTAssertFalse(workbench.navigator.isVisible, screenReport)
    }

    func testShownFromTheStartEscLeavesItShown() async throws {
        try await start(size: CellSize(columns: 80, rows: 24))
        XCTAssertEqual(workbench.focus, .navigator)
        press(.escape)
        XCTAssertEqual(workbench.focus, .panes)
        XCTAssertTrue(workbench.navigator.isVisible, "not shown for a pick: it stays")
    }
}
