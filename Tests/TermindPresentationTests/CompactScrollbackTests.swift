import XCTest
@testable import TermindPresentation

/// Scrollback is kept compactly (`ScrollbackLine`) and within a byte budget, and reads back
/// exactly the cells that scrolled off: every cell of a random styled row, wide characters,
/// combining marks and empty cells included.
final class CompactScrollbackTests: XCTestCase {
    func testTenThousandLinesOfOneHundredFiftyColumnsCostAFewMegabytesNotSixty() {
        let surface = VTermSurface(rows: 50, columns: 200)
        for number in 1...12_000 { surface.write(String(format: "%0150d\r\n", number)) }

        XCTAssertEqual(surface.scrollbackCount, 10_000)
        // libvterm's own cells would take 40 bytes each: 60 MB for these rows.
        XCTAssertLessThan(surface.scrollbackBytes, 4 << 20, "\(surface.scrollbackBytes) bytes")
        XCTAssertEqual(surface.scrollbackText(0), String(format: "%0150d", 1_952))
        XCTAssertEqual(surface.scrollbackText(9_999), String(format: "%0150d", 11_951))
    }

    func testTheByteBudgetDropsTheOldestRowsBeforeTheLineCap() {
        let surface = VTermSurface(rows: 5, columns: 200, scrollbackLimit: 10_000, scrollbackByteLimit: 100_000)
        for number in 1...2_000 { surface.write(String(format: "%0150d\r\n", number)) }

        XCTAssertLessThanOrEqual(surface.scrollbackBytes, 100_000)
        XCTAssertLessThan(surface.scrollbackCount, 2_000)
        XCTAssertGreaterThan(surface.scrollbackCount, 100)
        // The newest rows are the ones kept.
        XCTAssertEqual(surface.scrollbackText(surface.scrollbackCount - 1), String(format: "%0150d", 1_996))
    }

    func testRandomStyledRowsComeBackCellForCellWhenThePaneGrowsTaller() {
        var state: UInt64 = 26
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["a", "Z", " ", "é", "e\u{301}", "漢", "😀", "\t", "\u{1b}[1m", "\u{1b}[31m", "\u{1b}[48;2;1;2;3m",
                      "\u{1b}[4m", "\u{1b}[m", "\u{1b}[7m", "\u{1b}[3C"]
        for _ in 0..<40 {
            // At most 9 pieces of at most 8 columns: no row wraps.
            let surface = VTermSurface(rows: 4, columns: 80)
            let rows = (0..<4).map { _ in (0..<next(10)).map { _ in pieces[next(pieces.count)] }.joined() }
            surface.write(rows.joined(separator: "\u{1b}[m\r\n") + "\u{1b}[m")
            let before = (0..<4).map { row in (0..<80).map { surface.cell(row: row, column: $0) } }

            surface.resize(rows: 2, columns: 80)
            XCTAssertEqual(surface.scrollbackCount, 2)
            // As drawn from scrollback: the cells that scrolled off, trailing blanks trimmed.
            for row in 0..<2 {
                let shown = surface.scrollbackLine(row)
                XCTAssertEqual(shown, Array(before[row].prefix(shown.count)), "row \(row) of \(rows.map(\.debugDescription))")
                XCTAssertTrue(before[row].dropFirst(shown.count).allSatisfy { $0 == .blank }, "row \(row)")
            }
            surface.resize(rows: 4, columns: 80)

            let after = (0..<4).map { row in (0..<80).map { surface.cell(row: row, column: $0) } }
            XCTAssertEqual(after, before, "rows \(rows.map(\.debugDescription))")
        }
    }
}
