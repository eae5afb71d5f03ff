import XCTest
@testable import TermindPresentation

/// The same bytes must give the same screen however the network cuts them into writes
/// (libvterm 0.1.4 alone loses split OSC/DCS strings and split UTF-8 sequences).
final class VTermSurfaceSplitInputTests: XCTestCase {
    private func surface(fedInPieces bytes: [UInt8], cutAt cuts: [Int]) -> VTermSurface {
        let surface = VTermSurface(rows: 3, columns: 30)
        var start = 0
        for cut in cuts + [bytes.count] {
            surface.write(Array(bytes[start..<cut]))
            start = cut
        }
        return surface
    }

    private func assertEverySplitGivesTheSameScreen(
        _ text: String,
        check: (VTermSurface, String) -> Void
    ) {
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
            check(surface(fedInPieces: bytes, cutAt: [cut]), "split at \(cut)")
        }
        for first in 1..<bytes.count {
            for second in first..<bytes.count {
                check(surface(fedInPieces: bytes, cutAt: [first, second]), "split at \(first) and \(second)")
            }
        }
        check(surface(fedInPieces: bytes, cutAt: Array(1..<bytes.count)), "one byte per write")
    }

    func testTitleEndedByBELSurvivesEverySplit() {
        assertEverySplitGivesTheSameScreen("\u{1b}]2;hello\u{07}") { surface, context in
            XCTAssertEqual(surface.title, "hello", context)
            XCTAssertEqual(surface.lines, ["", "", ""], context)
            XCTAssertEqual(surface.cursor.column, 0, context)
        }
    }

    func testTitleEndedBySTSurvivesEverySplitIncludingBetweenESCAndBackslash() {
        assertEverySplitGivesTheSameScreen("\u{1b}]2;hello\u{1b}\\") { surface, context in
            XCTAssertEqual(surface.title, "hello", context)
            XCTAssertEqual(surface.lines, ["", "", ""], context)
            XCTAssertEqual(surface.cursor.column, 0, context)
        }
    }

    func testTextAroundASplitTitleKeepsItsOrder() {
        assertEverySplitGivesTheSameScreen("ab\u{1b}]0;t\u{1b}\\cd\u{1b}[31me") { surface, context in
            XCTAssertEqual(surface.title, "t", context)
            XCTAssertEqual(surface.lines, ["abcde", "", ""], context)
            XCTAssertEqual(surface.cell(row: 0, column: 4).foreground, .indexed(1), context)
        }
    }

    func testUTF8SplitInsideACharacterStillReadsAsThatCharacter() {
        assertEverySplitGivesTheSameScreen("漢e\u{301}\u{1F600}é") { surface, context in
            XCTAssertEqual(surface.cell(row: 0, column: 0).text, "漢", context)
            XCTAssertEqual(surface.cell(row: 0, column: 2).text, "e\u{301}", context)
            XCTAssertEqual(surface.cell(row: 0, column: 3).text, "\u{1F600}", context)
            XCTAssertEqual(surface.cell(row: 0, column: 5).text, "é", context)
        }
    }

    func testDCSQuerySurvivesEverySplitAndIsAnswered() {
        let whole = VTermSurface(rows: 3, columns: 30)
        whole.write("\u{1b}[1m\u{1b}P$qm\u{1b}\\")
        let answer = whole.takeOutput()
        XCTAssertFalse(answer.isEmpty, "libvterm answers DECRQSS for SGR")

        assertEverySplitGivesTheSameScreen("\u{1b}[1m\u{1b}P$qm\u{1b}\\x") { surface, context in
            XCTAssertEqual(surface.takeOutput(), answer, context)
            XCTAssertEqual(surface.lines, ["x", "", ""], context)
        }
    }

    func testAPCStringIsSwallowedWholeOrSplit() {
        assertEverySplitGivesTheSameScreen("a\u{1b}_Gf=100;AAAA\u{1b}\\b") { surface, context in
            XCTAssertEqual(surface.lines, ["ab", "", ""], context)
        }
    }

    func testEscapeInsideAnOSCEndsItAndStartsANewSequence() {
        // As tmux does: a bare ESC ends the title, then starts the next sequence.
        assertEverySplitGivesTheSameScreen("\u{1b}]2;kept\u{1b}[32mg") { surface, context in
            XCTAssertEqual(surface.title, "kept", context)
            XCTAssertEqual(surface.lines, ["g", "", ""], context)
            XCTAssertEqual(surface.cell(row: 0, column: 0).foreground, .indexed(2), context)
        }
    }

    func testCancelAbortsAnOSCWithoutPrintingIt() {
        assertEverySplitGivesTheSameScreen("\u{1b}]2;lost\u{18}ok") { surface, context in
            XCTAssertEqual(surface.title, "", context)
            XCTAssertEqual(surface.lines, ["ok", "", ""], context)
        }
    }

    func testRunawayOSCIsDroppedWithoutGarbageAndLaterTitlesStillWork() {
        let surface = VTermSurface(rows: 3, columns: 30)
        surface.write("\u{1b}]2;")
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        for _ in 0..<40 {  // 160 KiB, well past the parser's 16 KiB string limit
            surface.write(chunk)
        }
        surface.write("\u{07}ok")

        XCTAssertEqual(surface.title, "")
        XCTAssertEqual(surface.lines, ["ok", "", ""])

        surface.write("\u{1b}]2;ti")
        surface.write("tle\u{07}")
        XCTAssertEqual(surface.title, "title")
    }

    func testLongOSCUnderTheLimitIsDeliveredWhole() {
        let path = "/" + String(repeating: "t", count: 10_000)
        let bytes = Array("\u{1b}]7;file://host\(path)\u{07}z".utf8)
        let surface = surface(fedInPieces: bytes, cutAt: Array(stride(from: 1000, to: bytes.count, by: 1000)))

        XCTAssertEqual(surface.workingDirectory, path)
        XCTAssertEqual(surface.lines, ["z", "", ""])
    }
}
