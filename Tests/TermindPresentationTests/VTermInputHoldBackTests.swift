import XCTest
@testable import TermindPresentation

final class VTermInputHoldBackTests: XCTestCase {
    private func pieces(_ writes: [String], limit: Int = VTermInputHoldBack.defaultLimit) -> (pieces: [String], held: Int) {
        var holdBack = VTermInputHoldBack(limit: limit)
        var pieces: [String] = []
        for write in writes {
            Array(write.utf8).withUnsafeBytes { bytes in
                holdBack.process(bytes) { pieces.append(String(decoding: $0, as: UTF8.self)) }
            }
        }
        return (pieces, holdBack.heldCount)
    }

    func testPlainTextPassesStraightThrough() {
        let result = pieces(["hello", " world"])
        XCTAssertEqual(result.pieces, ["hello", " world"])
        XCTAssertEqual(result.held, 0)
    }

    func testUnterminatedOSCIsHeldAndFedWholeWithItsTerminator() {
        let result = pieces(["ab\u{1b}]2;he", "llo\u{1b}", "\\cd"])
        XCTAssertEqual(result.pieces, ["ab", "\u{1b}]2;hello\u{1b}\\", "cd"])
        XCTAssertEqual(result.held, 0)
    }

    func testTrailingEscapeIsHeldUntilItsSequenceIsKnown() {
        let result = pieces(["a\u{1b}", "[1mb"])
        XCTAssertEqual(result.pieces, ["a", "\u{1b}[1mb"])
    }

    func testIncompleteUTF8IsHeldForTheNextWrite() {
        let bytes = Array("a漢".utf8)
        var holdBack = VTermInputHoldBack()
        var pieces: [[UInt8]] = []
        bytes[0..<2].withUnsafeBytes { holdBack.process($0) { pieces.append(Array($0)) } }
        XCTAssertEqual(pieces, [[UInt8(ascii: "a")]])
        XCTAssertEqual(holdBack.heldCount, 1)
        bytes[2...].withUnsafeBytes { holdBack.process($0) { pieces.append(Array($0)) } }
        XCTAssertEqual(pieces.last, Array("漢".utf8))
        XCTAssertEqual(holdBack.heldCount, 0)
    }

    func testStringPastTheLimitIsDroppedAndHoldsNoMemory() {
        let result = pieces(["\u{1b}]2;0123456789", "0123456789", "more", "\u{07}after"], limit: 16)
        XCTAssertEqual(result.pieces, ["after"])
        XCTAssertEqual(result.held, 0)
    }

    func testHeldStringNeverExceedsTheLimit() {
        var holdBack = VTermInputHoldBack(limit: 100)
        Array("\u{1b}]52;c;".utf8).withUnsafeBytes { holdBack.process($0) { _ in XCTFail("nothing to feed yet") } }
        for _ in 0..<10 {
            Array(repeating: UInt8(ascii: "A"), count: 30).withUnsafeBytes { holdBack.process($0) { _ in XCTFail("string is unterminated") } }
            XCTAssertLessThanOrEqual(holdBack.heldCount, 100)
        }
    }
}
