import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

final class LoggerTests: XCTestCase {
    func testConvenienceMethodsRecordLevelCallerFileAndLine() {
        let logger = RecordingLogger()
        let line = #line + 1
        logger.warning("disk nearly full")
        logger.error("gone")
        XCTAssertEqual(logger.entries.map(\.level), [.warning, .error])
        XCTAssertEqual(logger.entries.first?.message.text, "disk nearly full")
        XCTAssertEqual(logger.entries.first?.file, #fileID)
        XCTAssertEqual(logger.entries.first?.line, line)
    }

    func testMessagesBelowTheMinimumAreNeitherRecordedNorBuilt() {
        let logger = RecordingLogger(minimumLevel: .notice)
        let built = Counter()
        logger.debug("\(built.increment())")
        logger.info("\(built.increment())")
        logger.notice("kept \(built.increment())")
        logger.log(.warning, "kept too")
        XCTAssertEqual(built.value, 1, "messages below the minimum must not be built")
        XCTAssertEqual(logger.messages, ["kept 1", "kept too"])
    }

    func testLevelsAreOrderedAndParseAsPeopleWriteThem() {
        XCTAssertEqual(LogLevel.allCases.sorted(), [.debug, .info, .notice, .warning, .error])
        XCTAssertLessThan(LogLevel.info, LogLevel.warning)
        XCTAssertEqual(LogLevel(parsing: " DEBUG "), .debug)
        XCTAssertEqual(LogLevel(parsing: "warn"), .warning)
        XCTAssertEqual(LogLevel(parsing: "Error"), .error)
        XCTAssertNil(LogLevel(parsing: "loud"))
        XCTAssertEqual(LogLevel.warning.name, "WARNING")
    }

    func testLoggerIsUsableFromManyTasksAtOnce() async {
        let logger = RecordingLogger()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { logger.info("line \(index)") }
            }
        }
        XCTAssertEqual(Set(logger.messages).count, 100)
    }

    func testNullLoggerAcceptsEverything() {
        let logger: any Logger = NullLogger()
        logger.error("dropped \(secret: "x")")
        logger.log(.debug, "dropped", file: "F.swift", line: 1)
    }
}

private final class Counter {
    private(set) var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}
