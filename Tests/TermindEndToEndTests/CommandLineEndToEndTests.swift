import TermindTestSupport
import XCTest

/// The built binary's own command line: version, help, usage errors and their exit status.
final class CommandLineEndToEndTests: XCTestCase {
    func testVersionPrintsNameAndVersionAndExitsZero() throws {
        let result = try TermindBinary.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("termind "), result.stdout)
        XCTAssertEqual(result.stderr, "")
    }

    func testHelpDocumentsEveryExitCode() throws {
        let result = try TermindBinary.run(["--help"])
        XCTAssertEqual(result.status, 0)
        for code in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "130"] {
            XCTAssertNotNil(result.stdout.range(of: "\n  \(code) "), "exit code \(code) missing from --help")
        }
        XCTAssertTrue(result.stdout.contains("host key changed or revoked"))
    }

    func testHelpCommandAndHelpFlagAgree() throws {
        let viaCommand = try TermindBinary.run(["help", "help"])
        let viaFlag = try TermindBinary.run(["help", "-h"])
        XCTAssertEqual(viaCommand.status, 0)
        XCTAssertEqual(viaCommand.stdout, viaFlag.stdout)
    }

    func testUnknownCommandExitsTwoAndShowsUsageOnStderr() throws {
        let result = try TermindBinary.run(["conect"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("unknown command 'conect'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Usage: termind"), result.stderr)
    }

    func testUnknownOptionExitsTwo() throws {
        let result = try TermindBinary.run(["--frobnicate"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("unknown option '--frobnicate'"), result.stderr)
    }
}

/// The log file the binary writes, under the XDG state directory of the home it runs in.
final class LogFileEndToEndTests: XCTestCase {
    func testDebugLevelRunIsLoggedUnderXDGStateHomeWithPrivateMode() throws {
        let home = try TemporaryDirectory()
        let result = try TermindBinary.run(["help", "help"], home: home, environment: ["TERMIND_LOG_LEVEL": "debug"])
        XCTAssertEqual(result.status, 0)
        let logPath = home.path + "/.local/state/termind/termind.log"
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        XCTAssertTrue(log.contains("DEBUG") && log.contains("running 'termind help'"), log)
        let mode = try FileManager.default.attributesOfItem(atPath: logPath)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }

    func testDefaultLevelKeepsDebugLinesOutOfTheLog() throws {
        let home = try TemporaryDirectory()
        XCTAssertEqual(try TermindBinary.run(["--help"], home: home).status, 0)
        let log = (try? String(contentsOfFile: home.path + "/.local/state/termind/termind.log", encoding: .utf8)) ?? ""
        XCTAssertFalse(log.contains("DEBUG"), log)
    }
}
