import TermindDomain
import XCTest
@testable import TermindPresentation

/// The pane surface reads the shell integration's OSC 133 and OSC 7 marks however the network
/// cuts the bytes, shows none of them, and stays bounded and unmoved by a server's fakes.
final class VTermSurfaceShellMarkTests: XCTestCase {
    private static let session =
        "\u{1B}]7;file://web/home/me\u{07}\u{1B}]133;A\u{07}$ \u{1B}]133;B\u{07}echo one\r\n"
        + "\u{1B}]133;C;cmdline_url=echo%20one\u{1B}\\one\r\n\u{1B}]133;D;0;duration_ms=3\u{07}"
        + "\u{1B}]133;A\u{07}$ "

    private static let marks: [ShellMark] = [
        .workingDirectory("/home/me"), .promptStarted, .inputStarted, .commandStarted(commandLine: "echo one"),
        .commandEnded(exitStatus: 0, durationMilliseconds: 3), .promptStarted,
    ]

    func testMarksSplitAtEveryByteReadTheSameAndNeverShow() {
        let bytes = Array(Self.session.utf8)
        var splits: [[Int]] = (1..<bytes.count).map { [$0] }
        splits.append(Array(1..<bytes.count))  // one byte per write
        for cuts in splits {
            let surface = VTermSurface(rows: 4, columns: 30)
            var start = 0
            for cut in cuts + [bytes.count] {
                surface.write(Array(bytes[start..<cut]))
                start = cut
            }
            let context = cuts.count == 1 ? "split at \(cuts[0])" : "one byte per write"
            XCTAssertEqual(surface.shellMarks, Self.marks, context)
            XCTAssertEqual(surface.lines, ["$ echo one", "one", "$", ""], context)
            XCTAssertEqual(surface.workingDirectory, "/home/me", context)
            XCTAssertEqual(surface.takeOutput(), [], "a mark is never answered: \(context)")
        }
    }

    func testAFakeCommandWithHugeOrEscapeLadenTextChangesNothingOnScreen() {
        let surface = VTermSurface(rows: 3, columns: 30)
        surface.write("before\r\n")
        // Escapes inside the command text arrive percent-encoded and stay text.
        surface.write("\u{1B}]133;C;cmdline_url=%1B]2%3Bpwned%07%1B[2J\u{07}")
        // Raw escapes end the OSC early: what follows is ordinary output, shown as text.
        surface.write("\u{1B}]133;C;cmdline_url=x\u{1B}[2Jy\u{07}")
        // Over the parser's 16 KiB limit: dropped whole.
        surface.write("\u{1B}]133;C;cmdline_url=" + String(repeating: "%41", count: 20_000) + "\u{07}")
        // A command line over ShellMark's limit but within the parser's: kept as unknown.
        surface.write("\u{1B}]133;C;cmdline_url=" + String(repeating: "A", count: ShellMark.maxCommandLineBytes + 10) + "\u{07}after")

        XCTAssertEqual(surface.title, "")
        XCTAssertEqual(surface.shellMarks.first, .commandStarted(commandLine: "\u{1B}]2;pwned\u{07}\u{1B}[2J"))
        XCTAssertEqual(surface.shellMarks.last, .commandStarted(commandLine: nil))
        XCTAssertTrue(surface.lines.joined().contains("after"), surface.lines.joined(separator: "|"))
        XCTAssertEqual(surface.takeOutput(), [])
    }

    func testAFloodOfMarksKeepsOnlyABoundedNumber() {
        let surface = VTermSurface(rows: 3, columns: 30)
        surface.write(String(repeating: "\u{1B}]133;A\u{07}", count: 10_000))
        XCTAssertLessThanOrEqual(surface.shellMarks.count, VTermSurface.shellMarkLimit)
        XCTAssertFalse(surface.shellMarks.isEmpty)
    }
}
