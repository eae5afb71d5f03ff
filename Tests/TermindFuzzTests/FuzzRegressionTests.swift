import Foundation
import TermindFuzzTargets
import XCTest

/// Replays every input kept for the fuzz targets (`Tests/Fuzz/<target>/` seeds and
/// `Tests/Fuzz/<target>/regressions/`, among them each crash `make fuzz` ever found) through
/// the same entry points, without a sanitizer: each must pass without a crash and keep its
/// target's invariants. Each target replays in its own `termind-fuzz` process, with Swift's
/// backtracer off, so an input that crashes fails its test at once instead of ending (or
/// stalling) the whole test run.
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

    func testEverySOCKSClientHandshakeGivesTheSameOutcomeHoweverSplit() throws { try replay("socks-handshake") }

    func testEveryAuthorizedKeysFileIsReadAsSshdReadsItHoweverItEndsItsLines() throws { try replay("authorized-keys") }

    func testEveryTargetIsReplayedByATestHere() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        for target in FuzzTarget.all {
            XCTAssertTrue(source.contains("try replay(\"\(target.name)\")"), "no test replays \(target.name)")
        }
    }

    func testEachCorpusDirectoryBelongsToATarget() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.corpus + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        XCTAssertEqual(Set(directories), Set(FuzzTarget.all.map(\.name)))
    }

    private func replay(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertNotNil(FuzzTarget.named(name), file: file, line: line)
        let directory = Self.corpus + "/" + name
        let count = try files(in: directory).count + files(in: directory + "/regressions").count
        XCTAssertGreaterThan(count, 0, "no inputs in \(directory)", file: file, line: line)
        let result = try run([name, directory])
        XCTAssertEqual(result.status, 0, result.output, file: file, line: line)
        XCTAssertTrue(result.output.contains("\(name): \(count) inputs, 0 failed"), result.output, file: file, line: line)
    }

    /// Runs the replaying `termind-fuzz` (built beside this test bundle) and returns its exit
    /// status and its output and errors together.
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try Self.replayer()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, String(decoding: output, as: UTF8.self))
    }

    private static func replayer() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("termind-fuzz")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw ReplayerMissing()
    }

    private struct ReplayerMissing: Error, CustomStringConvertible {
        let description = "termind-fuzz was not found beside the tests; build it with `swift build --build-tests`"
    }

    private func files(in directory: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { directory + "/" + $0 }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
}
