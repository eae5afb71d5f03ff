import XCTest
@testable import TermindPresentation

final class BrowserPaneViewTests: XCTestCase {
    func testThePathBarsCountStaysWhenTheOtherFactsGo() {
        let all = BrowserPaneView.facts(count: "5 of 5", sort: "name ↑", filter: "filter \"x\"", marked: "2 marked", hidden: true, room: 80)
        XCTAssertEqual(all, ["filter \"x\"", "5 of 5", "name ↑", "2 marked", "hidden shown"])
        XCTAssertEqual(
            BrowserPaneView.facts(count: "5 of 5", sort: "name ↑", filter: "filter \"x\"", marked: "2 marked", hidden: true, room: 35),
            ["filter \"x\"", "5 of 5", "2 marked"], "the hidden flag and the sort go first")
        XCTAssertEqual(
            BrowserPaneView.facts(count: "5 of 5", sort: "name ↑", filter: "filter \"x\"", marked: "2 marked", hidden: true, room: 3),
            ["5 of 5"], "the count stays whatever the room")
    }

    func testTheFootKeysAreWholeHintsThatFitAndTheKeyListWrapsToThePane() {
        XCTAssertEqual(BrowserPaneView.footKeys(width: 26), "? keys · Enter open · ⌫ up")
        XCTAssertTrue(BrowserPaneView.footKeys(width: 200).hasSuffix("f follow"))
        for width in [24, 38, 60, 78] {
            let lines = BrowserPaneView.keyLines(width: width)
            XCTAssertTrue(lines.allSatisfy { CharacterWidth.columns(of: $0) <= width }, "\(width): \(lines)")
            let words = Set(lines.joined(separator: " ").split(separator: " "))
            for (_, what) in BrowserPane.keys {
                for word in what.split(separator: " ") { XCTAssertTrue(words.contains(word), "\(width): \(word) is whole") }
            }
        }
    }
}
