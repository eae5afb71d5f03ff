import Foundation
import TermindFuzzTargets
import XCTest

/// Replays every input kept for the fuzz targets (`Tests/Fuzz/<target>/` seeds and
/// `Tests/Fuzz/<target>/regressions/`, among them each crash `make fuzz` ever found) through
/// the same entry points, without a sanitizer: each must pass without a crash and keep its
/// target's invariants.
final class FuzzRegressionTests: XCTestCase {
    private static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz").path

    func testEverySSHConfigInputReadsAndResolvesEachHostAlike() throws { try replay("ssh-config") }

    func testEveryKnownHostsInputMatchesAsOpenSSHPatternsDo() throws { try replay("known-hosts") }

    func testEveryKeyFileInputReadsOrIsRefused() throws { try replay("private-key") }

    func testEverySFTPServerStreamFramesAndDecodesOrIsAProtocolViolation() throws { try replay("sftp-replies") }

    func testEveryTerminalInputDecodes() throws { try replay("input-decoder") }

    func testEveryServerOutputReachesLibvtermOnlyWithinItsLimits() throws { try replay("vterm-parser") }

    func testEveryServerOutputLeavesThePaneUsable() throws { try replay("pane-surface") }

    func testEveryKeymapFileLoadsWithProblemsOnItsLines() throws { try replay("keymap") }

    func testEveryRecentWorkspacesFileLoadsWholeWorkspacesOrNone() throws { try replay("recent-workspaces") }

    func testEveryPartialRecordLoadsOnlyForItsDestination() throws { try replay("partial-records") }

    func testEveryShellOutputGivesTheSameMarksHoweverSplitAndOnlyRecordableRows() throws { try replay("shell-marks") }

    func testEveryMetricsOutputGivesTheSameSamplesHoweverSplitWithinBoundsAndFiniteFigures() throws { try replay("metrics-samples") }

    func testEachCorpusDirectoryBelongsToATarget() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.corpus + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        XCTAssertEqual(Set(directories), Set(FuzzTarget.all.map(\.name)))
    }

    private func replay(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let target = try XCTUnwrap(FuzzTarget.named(name), file: file, line: line)
        let directory = Self.corpus + "/" + name
        let inputs = try files(in: directory) + files(in: directory + "/regressions")
        XCTAssertFalse(inputs.isEmpty, "no inputs in \(directory)", file: file, line: line)
        for path in inputs {
            let contents = try XCTUnwrap(FileManager.default.contents(atPath: path), "cannot read \(path)", file: file, line: line)
            XCTAssertNoThrow(try target.run(Array(contents)), path, file: file, line: line)
        }
    }

    private func files(in directory: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { directory + "/" + $0 }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
}
