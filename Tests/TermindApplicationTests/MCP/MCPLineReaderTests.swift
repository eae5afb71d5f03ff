import TermindApplication
import XCTest

final class MCPLineReaderTests: XCTestCase {
    func testLinesSplitAcrossChunksComeOutWholeAndInOrder() {
        var reader = MCPLineReader(limit: 100)
        XCTAssertEqual(reader.feed(Array("{\"a\":".utf8)), [])
        XCTAssertEqual(reader.feed(Array("1}\n{\"b\":2}\r\n\n{\"c\"".utf8)), [
            .message(Array("{\"a\":1}".utf8)), .message(Array("{\"b\":2}".utf8)),
        ])
        XCTAssertEqual(reader.finish(), .message(Array("{\"c\"".utf8)))
        XCTAssertNil(reader.finish())
    }

    func testAnOversizedLineIsDroppedWithoutBeingHeldAndTheNextLineIsRead() {
        var reader = MCPLineReader(limit: 10)
        // Twenty chunks of 8 bytes without a newline: never more than the limit is kept.
        for _ in 0..<20 { XCTAssertEqual(reader.feed([UInt8](repeating: 0x61, count: 8)), []) }
        XCTAssertEqual(reader.feed(Array("xx\n{}\n".utf8)), [.oversized(162), .message(Array("{}".utf8))])
    }

    func testALineOfExactlyTheLimitIsKept() {
        var reader = MCPLineReader(limit: 4)
        XCTAssertEqual(reader.feed(Array("abcd\nabcde\n".utf8)), [.message(Array("abcd".utf8)), .oversized(5)])
    }

    func testAnOversizedLastLineWithoutNewlineIsReportedAtTheEnd() {
        var reader = MCPLineReader(limit: 2)
        XCTAssertEqual(reader.feed(Array("abc".utf8)), [])
        XCTAssertEqual(reader.finish(), .oversized(3))
    }
}
