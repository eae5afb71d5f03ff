import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

final class FileLoggerTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var logPath: String { directory.appending("state/termind/termind.log").path }

    /// 2026-11-30T08:55:01.123Z
    private let fixedDate = Date(timeIntervalSince1970: 1_796_028_901.123)

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-log")
    }

    override func tearDown() {
        directory = nil
    }

    private func logger(
        minimumLevel: LogLevel = .info, maximumFileSize: Int = FileLogger.defaultMaximumFileSize,
        keptFiles: Int = 3, path: String? = nil, failures: FailureLog? = nil
    ) -> FileLogger {
        let date = fixedDate
        return FileLogger(
            path: path ?? logPath, minimumLevel: minimumLevel, maximumFileSize: maximumFileSize,
            keptFiles: keptFiles, clock: { date },
            reportFailure: { failures?.append($0) })
    }

    private func contents(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testLineCarriesUTCTimeLevelFileAndLine() throws {
        logger().log(.warning, "disk nearly full", file: "TermindCLI/Transfer.swift", line: 42)
        XCTAssertEqual(
            try contents(logPath), "2026-11-30T08:55:01.123Z WARNING [Transfer.swift:42] disk nearly full\n")
    }

    func testConvenienceMethodsRecordTheCallersFile() throws {
        let line = #line + 1
        logger().error("failed")
        XCTAssertTrue(try contents(logPath).hasSuffix("ERROR [FileLoggerTests.swift:\(line)] failed\n"))
    }

    func testSecretNeverReachesTheFileBytes() throws {
        let password = "Tr0ub4dor&3-unique-marker"
        let answer = "keyboard-interactive-answer-9f2c"
        let log = logger(minimumLevel: .debug)
        log.info("auth for deploy@db1 password \(Secret(password)) via agent")
        log.debug("answer \(secret: answer) sent")
        log.error("identity \(Optional(Secret(password))) rejected")

        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: logPath)))
        for value in [password, answer] {
            let needle = Array(value.utf8)
            let found = bytes.indices.contains { start in bytes[start...].starts(with: needle) }
            XCTAssertFalse(found, "the log file holds \(value)")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("auth for deploy@db1 password <secret> via agent"), text)
        XCTAssertTrue(text.contains("answer <secret> sent"), text)
        XCTAssertTrue(text.contains("identity <secret> rejected"), text)
    }

    func testLinesBelowTheMinimumLevelAreDropped() throws {
        let log = logger(minimumLevel: .warning)
        log.debug("debug line")
        log.info("info line")
        log.notice("notice line")
        log.warning("warning line")
        log.error("error line")
        let lines = try contents(logPath).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasSuffix("warning line"))
        XCTAssertTrue(lines[1].hasSuffix("error line"))
    }

    func testEnvironmentVariableSetsTheMinimumLevel() {
        XCTAssertEqual(FileLogger.minimumLevel(fromEnvironment: ["TERMIND_LOG_LEVEL": "debug"]), .debug)
        XCTAssertEqual(FileLogger.minimumLevel(fromEnvironment: ["TERMIND_LOG_LEVEL": "WARN"]), .warning)
        XCTAssertNil(FileLogger.minimumLevel(fromEnvironment: ["TERMIND_LOG_LEVEL": "chatty"]))
        XCTAssertNil(FileLogger.minimumLevel(fromEnvironment: [:]))
        let paths = XDGPaths(environment: ["XDG_STATE_HOME": directory.path], homeDirectory: "/nonexistent")
        XCTAssertEqual(FileLogger(paths: paths, environment: ["TERMIND_LOG_LEVEL": "error"]).minimumLevel, .error)
        XCTAssertEqual(FileLogger(paths: paths, environment: [:]).minimumLevel, .info)
        XCTAssertEqual(FileLogger(paths: paths, environment: [:]).path, paths.logFile)
    }

    func testControlCharactersCannotForgeASecondLine() throws {
        let remote = "banner\n2026-01-01T00:00:00.000Z ERROR [Fake.swift:1] forged\r\u{1B}[2J"
        logger().info("server said \(remote)")
        let text = try contents(logPath)
        XCTAssertEqual(text.split(separator: "\n").count, 1)
        XCTAssertTrue(text.contains("banner\\n2026"), text)
        XCTAssertTrue(text.contains("\\r\\u{1b}[2J"), text)
    }

    func testFileIsPrivateAndItsNewDirectoriesTooEvenUnderALaxUmask() throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        logger().info("hello")
        XCTAssertEqual(try mode(logPath), 0o600)
        XCTAssertEqual(try mode(directory.appending("state/termind").path), 0o700)
        XCTAssertEqual(try mode(directory.appending("state").path), 0o700)
    }

    func testExistingFileWithWideModeIsMadePrivate() throws {
        let path = try directory.write("old line\n", to: "termind.log", mode: 0o644)
        logger(path: path).info("new line")
        XCTAssertEqual(try mode(path), 0o600)
        XCTAssertTrue(try contents(path).hasPrefix("old line\n"))
    }

    func testRotationKeepsAtMostTheConfiguredNumberOfOlderFiles() throws {
        // Each line is 64 bytes; a 200-byte limit holds three lines per file.
        let log = logger(maximumFileSize: 200, keptFiles: 2)
        let prefix = "2026-11-30T08:55:01.123Z INFO [F.swift:1] "
        func message(_ number: Int) -> LogMessage {
            let body = "line \(number) "
            return LogMessage(body + String(repeating: "x", count: 63 - prefix.count - body.count))
        }
        for number in 1...10 { log.log(.info, message(number), file: "F.swift", line: 1) }

        let files = try FileManager.default.contentsOfDirectory(atPath: (logPath as NSString).deletingLastPathComponent)
        XCTAssertEqual(Set(files), ["termind.log", "termind.log.1", "termind.log.2"])
        func numbers(_ path: String) throws -> [Int] {
            try contents(path).split(separator: "\n").map { line in
                XCTAssertEqual(line.utf8.count + 1, 64)
                return Int(line.split(separator: " ")[4]) ?? -1
            }
        }
        XCTAssertEqual(try numbers(logPath), [10])
        XCTAssertEqual(try numbers(logPath + ".1"), [7, 8, 9])
        XCTAssertEqual(try numbers(logPath + ".2"), [4, 5, 6])
        for file in [logPath, logPath + ".1", logPath + ".2"] {
            XCTAssertLessThanOrEqual(try contents(file).utf8.count, 200)
            XCTAssertEqual(try mode(file), 0o600)
        }
    }

    func testRotationWithNoKeptFilesStartsTheLogAfresh() throws {
        let log = logger(maximumFileSize: 100, keptFiles: 0)
        log.info("first line, long enough to fill most of the hundred bytes")
        log.info("second line")
        let files = try FileManager.default.contentsOfDirectory(atPath: (logPath as NSString).deletingLastPathComponent)
        XCTAssertEqual(files, ["termind.log"])
        XCTAssertTrue(try contents(logPath).hasSuffix("second line\n"))
        XCTAssertEqual(try contents(logPath).split(separator: "\n").count, 1)
    }

    func testLineLongerThanTheLimitIsStillWritten() throws {
        let log = logger(maximumFileSize: 50, keptFiles: 1)
        let long = String(repeating: "y", count: 120)
        log.info("\(long)")
        XCTAssertTrue(try contents(logPath).contains(long))
    }

    func testUnwritableLocationIsReportedOnceAndNeverCrashes() throws {
        // A regular file where the directory should be: fails for root too.
        let blocker = try directory.write("not a directory", to: "blocker")
        let failures = FailureLog()
        let log = logger(path: blocker + "/termind/termind.log", failures: failures)
        log.error("first")
        log.error("second")
        log.info("third")
        XCTAssertEqual(failures.messages.count, 1)
        let report = failures.messages.first ?? ""
        XCTAssertTrue(report.contains(blocker + "/termind/termind.log"), report)
        XCTAssertTrue(report.contains("Not a directory"), report)
        XCTAssertEqual(try contents(blocker), "not a directory")
    }

    func testTheLogIsNeverWrittenThroughASymlinkPlantedAtItsName() throws {
        let victim = try directory.write("someone else's file", to: "victim")
        try FileManager.default.createDirectory(atPath: directory.appending("state/termind").path, withIntermediateDirectories: true)
        XCTAssertEqual(symlink(victim, logPath), 0)
        let failures = FailureLog()
        let log = logger(failures: failures)
        log.error("a line that must not reach the victim")
        XCTAssertEqual(try contents(victim), "someone else's file")
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.contains(logPath) == true, failures.messages.first ?? "")
    }

    func testLoggingRecoversWhenTheFileIsRemovedUnderIt() throws {
        let log = logger()
        log.info("before")
        try FileManager.default.removeItem(atPath: logPath)
        log.info("after")
        XCTAssertTrue(try contents(logPath).hasSuffix("INFO [FileLoggerTests.swift:\(#line - 1)] after\n"))
    }

    func testManyThreadsWriteWholeLines() throws {
        let log = logger(maximumFileSize: 4096, keptFiles: 50)
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            log.info("thread line \(index) end")
        }
        var all: [Substring] = []
        for file in [logPath] + (1...50).map({ "\(logPath).\($0)" }) where FileManager.default.fileExists(atPath: file) {
            all += try contents(file).split(separator: "\n")
        }
        XCTAssertEqual(all.count, 400)
        for line in all {
            XCTAssertTrue(line.hasPrefix("2026-11-30T08:55:01.123Z INFO ["), String(line))
            XCTAssertTrue(line.hasSuffix(" end"), String(line))
        }
    }
}

/// Collects what the logger reports, from any thread.
private final class FailureLog: Sendable {
    private let stored = Mutex<[String]>([])
    func append(_ message: String) { stored.withLock { $0.append(message) } }
    var messages: [String] { stored.withLock { $0 } }
}
