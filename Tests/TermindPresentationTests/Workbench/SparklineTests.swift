import XCTest
@testable import TermindPresentation

/// The metrics pane's sparklines: one column per value, the newest at the right, a whole span
/// squeezed into a narrow pane by averaging neighbours.
final class SparklineTests: XCTestCase {
    func testValuesFromZeroToTheMaximumRiseThroughEveryLevel() {
        XCTAssertEqual(Sparkline.render([0, 15, 29, 43, 58, 72, 86, 100], width: 8, maximum: 100), "▁▂▃▄▅▆▇█")
    }

    func testFewerValuesThanColumnsAreRightAlignedSoTheNewestIsAtTheEdge() {
        XCTAssertEqual(Sparkline.render([100, 0], width: 5, maximum: 100), "   █▁")
    }

    func testMoreValuesThanColumnsAreAveragedAndTheWholeSpanStays() {
        // 6 values in 3 columns: the means of each pair.
        XCTAssertEqual(Sparkline.columnValues([0, 100, 100, 100, 0, 0], width: 3), [50, 100, 0])
        XCTAssertEqual(Sparkline.render([0, 100, 100, 100, 0, 0], width: 3, maximum: 100).count, 3)
    }

    func testAValueOverTheMaximumIsTheHighestAndNoNumberIsTheLowest() {
        XCTAssertEqual(Sparkline.level(250, maximum: 100), "█")
        XCTAssertEqual(Sparkline.level(.nan, maximum: 100), "▁")
        XCTAssertEqual(Sparkline.level(.infinity, maximum: 100), "▁")
        XCTAssertEqual(Sparkline.level(5, maximum: 0), "▁")
    }

    func testNoRoomDrawsNothing() {
        XCTAssertEqual(Sparkline.render([1, 2, 3], width: 0, maximum: 3), "")
    }
}
