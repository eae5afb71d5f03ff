import XCTest
@testable import TermindPresentation

final class StatusBarTests: XCTestCase {
    private func drawn(_ bar: StatusBar, width: Int) -> String {
        var buffer = CellBuffer(width: width, height: 1)
        bar.draw(into: &buffer, row: 0)
        return buffer.lines[0]
    }

    private func bar(pending: Int = 0, transfers: Int = 0, message: String? = nil) -> StatusBar {
        StatusBar(workspace: "1:web", pane: "pane 1/1 · web", message: message, awaitingPrefix: nil,
                  pendingInteractions: pending, activeTransfers: transfers, helpKeys: "C-\\ ?")
    }

    func testAWideBarShowsEverythingInFull() {
        XCTAssertEqual(drawn(bar(), width: 80), " 1:web  pane 1/1 · web" + String(repeating: " ", count: 34) + "0 transfers  C-\\ ? help")
    }

    func testAtFortyColumnsTheHelpKeysGoFirstAndThePaneStaysWhole() {
        XCTAssertEqual(drawn(bar(), width: 40), " 1:web  pane 1/1 · web      0 transfers")
    }

    func testNarrowerTheTransfersShortenAndThePaneIsCutWithAnEllipsis() {
        let line = drawn(bar(pending: 2, transfers: 1), width: 40)
        XCTAssertEqual(line, " 1:web  pane 1/1 · web     2 waiting 1⇅")
        let narrow = drawn(bar(pending: 2), width: 24)
        XCTAssertTrue(narrow.hasPrefix(" 1:web  pane"), narrow)
        XCTAssertTrue(narrow.contains("…"), narrow)
        XCTAssertTrue(narrow.hasSuffix("2!"), narrow)
        XCTAssertFalse(narrow.contains("/ 0"), narrow)
    }

    func testAnInterruptedTransferWaitingInTheQueueIsCountedAsWaitingNotZero() {
        var waiting = bar()
        waiting.resumableTransfers = 1
        XCTAssertTrue(drawn(waiting, width: 80).hasSuffix("1 transfer waiting  C-\\ ? help"), drawn(waiting, width: 80))
        waiting.activeTransfers = 2
        XCTAssertTrue(drawn(waiting, width: 80).hasSuffix("2 transfers, 1 waiting  C-\\ ? help"), drawn(waiting, width: 80))
        XCTAssertTrue(drawn(waiting, width: 30).hasSuffix("3⇅"), drawn(waiting, width: 30))
    }

    func testAMessageIsCutWithAnEllipsisNotMidWordGarbage() {
        XCTAssertEqual(drawn(bar(message: "quit and close 3 Sessions? (y/n)"), width: 40), " 1:web  quit and close 3 Sessions? (y/n)",
                       "the transfers give way to the question")
        XCTAssertEqual(drawn(bar(message: "quit and close 3 Sessions? (y/n)"), width: 30), " 1:web  quit and close 3 Sess…")
    }

    func testAQuestionKeepsItsAnswerKeysAndTheRightPartShortensForIt() {
        var question = bar(transfers: 1, message: "quit, close 2 Sessions and pause 1 transfer? (y/n)")
        question.metrics = "cpu 1% mem 3% load 0.52"
        let line = drawn(question, width: 80)
        XCTAssertTrue(line.contains("quit, close 2 Sessions and pause 1 transfer? (y/n)"), line)
        XCTAssertFalse(line.contains("cpu"), "the metrics went to make room: \(line)")
    }
}
