import Foundation
import XCTest
@testable import TermindPresentation

/// Find over a pane's text: literal or regular expression, case or not, every match over the
/// scrollback and the screen in order with its place, next going up and wrapping, a bad
/// regular expression explained; quick over a full scrollback.
final class PaneFindTests: XCTestCase {
    /// A 5-row, 40-column surface that printed `lines` (the early ones now in its scrollback).
    private func surface(_ lines: [String], rows: Int = 5, columns: Int = 40) -> VTermSurface {
        let surface = VTermSurface(rows: rows, columns: columns)
        surface.write(lines.joined(separator: "\r\n"))
        return surface
    }

    private func find(_ pattern: String, regex: Bool = false, caseSensitive: Bool = false, in surface: VTermSurface) -> PaneFind {
        var find = PaneFind(origin: TextPosition(line: surface.lineNumbers.upperBound - 1, column: 0))
        find.query = FindQuery(pattern: pattern, isRegex: regex, isCaseSensitive: caseSensitive)
        find.search(PaneText(surface))
        return find
    }

    private func text(_ match: TextMatch, _ surface: VTermSurface) -> String {
        TextSelection(anchor: match.start, head: match.last, kind: .character).text(cells: surface.cells(line:), isWrapped: surface.isWrapped(line:))
    }

    func testALiteralIsFoundOverTheScrollbackAndTheScreenInOrder() {
        let surface = surface(["alpha one", "beta", "alpha two", "gamma", "delta", "epsilon", "alpha three"])
        XCTAssertEqual(surface.scrollbackCount, 2)
        let found = find("alpha", in: surface)
        let first = surface.lineNumbers.lowerBound
        XCTAssertEqual(found.matches.map(\.start), [0, 2, 6].map { TextPosition(line: first + $0, column: 0) })
        XCTAssertEqual(found.matches.map(\.last.column), [4, 4, 4])
        XCTAssertEqual(found.currentMatch?.start.line, first + 6, "the nearest at or above where the find began")
        XCTAssertEqual(found.countText, "3 of 3")
        XCTAssertEqual(find("ALPHA T", in: surface).matches.map { text($0, surface) }, ["alpha t", "alpha t"])
    }

    func testCaseCountsOnlyWhenTurnedOn() {
        let surface = surface(["Error: disk", "error: net", "ERROR"])
        XCTAssertEqual(find("error", in: surface).matches.count, 3)
        XCTAssertEqual(find("error", caseSensitive: true, in: surface).matches.count, 1)
        XCTAssertEqual(find("ERROR", caseSensitive: true, in: surface).matches.map(\.start.column), [0])
        XCTAssertEqual(find("é", in: self.surface(["CAFÉ café"])).matches.count, 2, "beyond ASCII too")
    }

    func testARegularExpressionMatchesAndItsAnchorsAreEachLinesEnds() {
        let surface = surface(["port 22 open", "port 80 closed", "sport 443 open", "port 8080 open"])
        let open = find("^port [0-9]+ open$", regex: true, in: surface)
        XCTAssertEqual(open.matches.map { text($0, surface) }, ["port 22 open", "port 8080 open"])
        let two = find("PORT \\d{2} ", regex: true, in: surface).matches
        XCTAssertEqual(two.map { text($0, surface) }, ["port 22", "port 80"], "a copy trims the space the match ends on")
        XCTAssertEqual(two.map(\.last.column), [7, 7])
        XCTAssertEqual(find("PORT \\d{2} ", regex: true, caseSensitive: true, in: surface).matches, [])
        XCTAssertEqual(find("a.b", in: self.surface(["a.b axb"])).matches.count, 1, "a literal's dot is a dot")
        XCTAssertEqual(find("a.b", regex: true, in: self.surface(["a.b axb"])).matches.count, 2)
    }

    func testABadRegularExpressionSaysWhyAndFindsNothing() {
        let surface = surface(["(abc"])
        let bad = find("(abc", regex: true, in: surface)
        XCTAssertEqual(bad.matches, [])
        XCTAssertEqual(bad.countText, "bad regex: expected ')'")
        XCTAssertEqual(find("(abc", in: surface).matches.count, 1, "as a literal it is found")
        XCTAssertEqual(find("x*", regex: true, in: surface).countText, "no matches", "empty matches are not matches")
    }

    func testNextGoesUpAndWrapsPreviousComesDown() {
        let surface = surface(["hit 1", "miss", "hit 2", "hit 3"])
        var found = find("hit", in: surface)
        XCTAssertEqual(found.countText, "3 of 3")
        found.step(older: true)
        XCTAssertEqual(found.countText, "2 of 3")
        found.step(older: true)
        found.step(older: true)
        XCTAssertEqual(found.countText, "3 of 3", "wrapped from the oldest to the newest")
        found.step(older: false)
        XCTAssertEqual(found.countText, "1 of 3", "and back down past the newest to the oldest")
        XCTAssertEqual(find("nothing", in: surface).countText, "no matches")
    }

    func testAMatchAcrossAWrappedRowCoversBothRows() {
        let surface = VTermSurface(rows: 4, columns: 10)
        surface.write("abcdefghijKLMNOP\r\nab\r\ncd")
        let found = find("ijkl", in: surface)
        let top = surface.firstScreenLine
        XCTAssertEqual(found.matches, [TextMatch(start: TextPosition(line: top, column: 8), last: TextPosition(line: top + 1, column: 1))])
        XCTAssertEqual(find("b\ncd", regex: true, in: surface).matches.count, 1, "a line's end is a newline")
        XCTAssertEqual(find("jK", caseSensitive: true, in: surface).matches.first?.columns(onLine: top), 9..<Int.max)
    }

    func testWideCharactersAndCombiningMarksMapToTheirCells() {
        let surface = surface(["漢字 kanji e\u{301}t\u{E9} end"])
        let line = surface.firstScreenLine
        XCTAssertEqual(find("kanji", in: surface).matches.first?.start, TextPosition(line: line, column: 5))
        XCTAssertEqual(find("字", in: surface).matches.first?.start, TextPosition(line: line, column: 2))
        XCTAssertEqual(find("end", in: surface).matches.first?.start, TextPosition(line: line, column: 15))
        // The same rows read from the scrollback.
        surface.write("\r\n\r\n\r\n\r\n\r\n")
        XCTAssertEqual(surface.scrollbackCount, 1)
        XCTAssertEqual(find("end", in: surface).matches.first?.start, TextPosition(line: line, column: 15))
        XCTAssertEqual(find("字", in: surface).matches.first?.start, TextPosition(line: line, column: 2))
    }

    /// Finds over a full scrollback; how long each takes is printed, and measured by
    /// `termind-bench find` (benchmarks never fail a test).
    func testAFindOverAFullScrollbackOfTenThousand150ColumnRowsFindsEveryMatch() {
        let surface = VTermSurface(rows: 50, columns: 150)
        for number in 1...10_050 {
            surface.write("\(number) " + String(repeating: "lorem ipsum dolor sit amet ", count: 6).prefix(140) + "\r\n")
        }
        XCTAssertEqual(surface.scrollbackCount, 10_000)
        var timings: [String: Duration] = [:]
        let clock = ContinuousClock()
        var text: PaneText!
        timings["text"] = clock.measure { text = PaneText(surface) }
        for (label, query) in [
            ("literal", FindQuery(pattern: "9999 lorem")), ("literal, case", FindQuery(pattern: "Amet", isCaseSensitive: true)),
            ("regex", FindQuery(pattern: "^99[0-9]{2} ", isRegex: true)), ("common", FindQuery(pattern: "ipsum")),
        ] {
            var find = PaneFind(origin: TextPosition(line: surface.lineNumbers.upperBound - 1, column: 0))
            find.query = query
            timings[label] = clock.measure { find.search(text) }
            if label == "regex" { XCTAssertEqual(find.matches.count, 100) }
            if label == "common" { XCTAssertEqual(find.matches.count, 10_049 * 5, "5 a row; the first row was dropped") }
        }
        func milliseconds(_ duration: Duration) -> String {
            String(format: "%.1f ms", Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15)
        }
        let report = timings.sorted { $0.key < $1.key }.map { "\($0.key) \(milliseconds($0.value))" }
        print("find over 10,000 × 150 of scrollback: \(report.joined(separator: ", "))")
    }
}
