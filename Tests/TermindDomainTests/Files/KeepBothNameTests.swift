import TermindDomain
import XCTest

/// Keep both: `name (n).ext`, the first number not taken.
final class KeepBothNameTests: XCTestCase {
    func testTheNumberGoesBeforeTheExtension() {
        XCTAssertEqual(KeepBothName.candidate("report.pdf", number: 1), "report (1).pdf")
        XCTAssertEqual(KeepBothName.candidate("report.pdf", number: 12), "report (12).pdf")
    }

    func testANameWithoutExtensionOrStartingWithADotTakesTheNumberAtTheEnd() {
        XCTAssertEqual(KeepBothName.candidate("Makefile", number: 1), "Makefile (1)")
        XCTAssertEqual(KeepBothName.candidate(".bashrc", number: 2), ".bashrc (2)")
    }

    func testACompoundExtensionKeepsOnlyItsLastPart() {
        XCTAssertEqual(KeepBothName.candidate("a.tar.gz", number: 1), "a.tar (1).gz")
    }

    func testTheFirstFreeCandidateIsChosen() async {
        let taken: Set = ["x (1).txt", "x (2).txt"]
        let name = await KeepBothName.firstFree(for: "x.txt") { taken.contains($0) }
        XCTAssertEqual(name, "x (3).txt")
    }

    func testTheFirstCandidateWhenNothingIsTaken() async {
        let name = await KeepBothName.firstFree(for: "x.txt") { _ in false }
        XCTAssertEqual(name, "x (1).txt")
    }
}
