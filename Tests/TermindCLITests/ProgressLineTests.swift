import XCTest

@testable import TermindCLI

/// `termind cp`'s progress line on a terminal.
final class ProgressLineTests: XCTestCase {
    func testTheLineShowsPercentRateAndTimeLeftWithinTheWidth() {
        let line = ProgressLine(name: "backup.tar.gz", done: 50_000_000, total: 100_000_000, rate: 10_000_000)
        let text = line.text(width: 80)
        XCTAssertLessThanOrEqual(text.count, 80, text)
        XCTAssertTrue(text.hasPrefix("backup.tar.gz  ["), text)
        XCTAssertTrue(text.hasSuffix(" 50%  10.0 MB/s  ETA 0:05"), text)
    }

    func testALongNameKeepsItsEndAndTheLineStillFits() {
        let line = ProgressLine(name: "/very/long/path/to/some/deeply/nested/directory/archive-2026-11-30.tar.gz", done: 0, total: 10, rate: nil)
        let text = line.text(width: 60)
        XCTAssertLessThanOrEqual(text.count, 60, text)
        XCTAssertTrue(text.hasPrefix("…"), text)
        XCTAssertTrue(text.contains(".tar.gz"), text)
        XCTAssertTrue(text.hasSuffix("ETA --:--"), text)
    }

    func testTimeLeftCountsHoursWhenLong() {
        XCTAssertEqual(ProgressLine(name: "a", done: 0, total: 7_200_000, rate: 1000).etaText, "2:00:00")
        XCTAssertEqual(ProgressLine(name: "a", done: 10, total: 10, rate: 1000).etaText, "0:00")
    }

    func testByteCountsUseDecimalUnits() {
        XCTAssertEqual(ProgressLine.byteText(512), "512 B")
        XCTAssertEqual(ProgressLine.byteText(4096), "4.10 kB")
        XCTAssertEqual(ProgressLine.byteText(1_073_741_824), "1.07 GB")
        XCTAssertEqual(ProgressLine.byteText(123_456_789), "123 MB")
    }
}
