import Foundation
import TermindApplication
import TermindDomain
import XCTest

/// What becomes a command history row (docs/behaviour.md §3), from the marks alone.
final class CommandRecorderTests: XCTestCase {
    private let hostID = UUID()
    private let start = Date(timeIntervalSince1970: 1_764_000_000)

    /// Runs `marks` through a fresh recorder, one second apart; the rows they made.
    private func rows(_ marks: [ShellMark]) -> [CommandHistoryEntry] {
        var recorder = CommandRecorder(hostID: hostID)
        return marks.enumerated().compactMap { recorder.observe($1, at: start.addingTimeInterval(Double($0))) }
    }

    private func command(_ text: String?, status: Int32? = 0, milliseconds: Int64? = 5) -> [ShellMark] {
        [.promptStarted, .commandStarted(commandLine: text), .commandEnded(exitStatus: status, durationMilliseconds: milliseconds)]
    }

    func testACommandRowHoldsItsTextStartStatusDurationAndDirectoryFromTheMarks() {
        let made = rows([.workingDirectory("/srv")] + command("make test", status: 2, milliseconds: 1500)
            + [.workingDirectory("/tmp")] + command("ls", status: nil, milliseconds: nil))
        XCTAssertEqual(made.count, 2)
        XCTAssertEqual(made[0].hostID, hostID)
        XCTAssertEqual(made[0].command, "make test")
        XCTAssertEqual(made[0].startedAt, start.addingTimeInterval(2), "when its start mark came")
        XCTAssertEqual(made[0].exitStatus, 2)
        XCTAssertEqual(made[0].duration, 1.5, "the shell's own timing, not the bytes' arrival")
        XCTAssertEqual(made[0].workingDirectory, "/srv")
        XCTAssertEqual(made[1].workingDirectory, "/tmp")
        XCTAssertNil(made[1].exitStatus)
        XCTAssertNil(made[1].duration)
    }

    func testLeadingSpaceHelpersBlankAndUnknownCommandsMakeNoRow() {
        XCTAssertEqual(rows(command(" echo secret") + command("\tenv") + command("__termind_precmd") + command("   ")
            + command(nil) + command("")), [])
    }

    func testContinuationsBecomeOneSpaceAndOtherNewlinesStay() {
        XCTAssertEqual(rows(command("echo a \\\nb \\\r\nc\nfor x in 1; do\n  echo $x\ndone\n")).map(\.command),
                       ["echo a  b  c\nfor x in 1; do\n  echo $x\ndone"])
    }

    func testAnEndWithoutAStartAndAPromptAfterAStartAreHandled() {
        // The first prompt's end mark (nothing ran yet) makes nothing; a command the shell
        // never ended is kept, its status unknown, when the next prompt comes.
        let made = rows([.commandEnded(exitStatus: 0, durationMilliseconds: 1), .commandStarted(commandLine: "vim"), .promptStarted])
        XCTAssertEqual(made.map(\.command), ["vim"])
        XCTAssertNil(made[0].exitStatus)
    }

    func testTheBootstrapsOffMarkSaysIntegrationIsOff() {
        var recorder = CommandRecorder(hostID: hostID)
        XCTAssertNil(recorder.isIntegrated)
        _ = recorder.observe(.integrationOff, at: start)
        XCTAssertEqual(recorder.isIntegrated, false)
        _ = recorder.observe(.promptStarted, at: start)
        XCTAssertEqual(recorder.isIntegrated, true)
    }
}
