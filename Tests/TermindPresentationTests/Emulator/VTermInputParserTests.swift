import XCTest
@testable import TermindPresentation
import TermindTestSupport

final class VTermInputParserTests: XCTestCase {
    /// What the parser forwards for each write, as text.
    private func pieces(_ writes: [String], stringLimit: Int = VTermInputParser.defaultStringLimit) -> (pieces: [String], held: Int) {
        var parser = VTermInputParser(stringLimit: stringLimit)
        var pieces: [String] = []
        for write in writes {
            Array(write.utf8).withUnsafeBytes { bytes in
                parser.process(bytes) { pieces.append(String(decoding: $0, as: UTF8.self)) }
            }
        }
        return (pieces, parser.heldCount)
    }

    private func forwarded(_ bytes: [UInt8]) -> [UInt8] {
        var parser = VTermInputParser()
        var output: [UInt8] = []
        bytes.withUnsafeBytes { parser.process($0) { output.append(contentsOf: $0) } }
        return output
    }

    private func forwarded(_ text: String) -> String {
        String(decoding: forwarded(Array(text.utf8)), as: UTF8.self)
    }

    // MARK: - Today's guarantees

    func testPlainTextPassesStraightThrough() {
        let result = pieces(["hello", " world\r\n"])
        XCTAssertEqual(result.pieces, ["hello", " world\r\n"])
        XCTAssertEqual(result.held, 0)
    }

    /// Plain ASCII is skipped eight bytes at a time: an escape, a UTF-8 character, a C1 control
    /// or a broken sequence at any place in a long run, and a run ending at any length, are
    /// still found where they are.
    func testWhatBreaksARunOfTextIsFoundAtEveryOffset() {
        let run = Array("abcdefghijklmnopqrstuvwx".utf8)
        let breakers: [[UInt8]] = [Array("\u{1b}[1m".utf8), Array("é".utf8), Array("漢".utf8), [0xC2, 0x9B], [0xFF], [0x1B]]
        for breaker in breakers {
            for offset in 0...run.count {
                let bytes = Array(run[..<offset]) + breaker + Array(run[offset...])
                var byteAtATime = VTermInputParser()
                var expected: [UInt8] = []
                for byte in bytes {
                    [byte].withUnsafeBytes { byteAtATime.process($0) { expected.append(contentsOf: $0) } }
                }
                XCTAssertEqual(forwarded(bytes), expected, "\(breaker) at \(offset)")
            }
        }
        for length in 0...run.count {
            XCTAssertEqual(forwarded(Array(run[..<length])), Array(run[..<length]))
        }
    }

    func testUnterminatedOSCIsHeldAndFedWholeWithItsTerminator() {
        let result = pieces(["ab\u{1b}]2;he", "llo\u{1b}", "\\cd"])
        XCTAssertEqual(result.pieces, ["ab", "\u{1b}]2;hello\u{1b}\\cd"])
        XCTAssertEqual(result.held, 0)
    }

    func testTrailingEscapeIsHeldUntilItsSequenceIsKnown() {
        let result = pieces(["a\u{1b}", "[1mb"])
        XCTAssertEqual(result.pieces, ["a", "\u{1b}[1mb"])
    }

    func testIncompleteUTF8IsHeldForTheNextWrite() {
        let bytes = Array("a漢".utf8)
        var parser = VTermInputParser()
        var pieces: [[UInt8]] = []
        bytes[0..<2].withUnsafeBytes { parser.process($0) { pieces.append(Array($0)) } }
        XCTAssertEqual(pieces, [[UInt8(ascii: "a")]])
        XCTAssertEqual(parser.heldCount, 1)
        bytes[2...].withUnsafeBytes { parser.process($0) { pieces.append(Array($0)) } }
        XCTAssertEqual(pieces.last, Array("漢".utf8))
        XCTAssertEqual(parser.heldCount, 0)
    }

    func testACursorRestoreEndsThePieceSoTheSurfaceCanCheckTheCursor() {
        let result = pieces(["a\u{1b}8b\u{1b}[?1049lc\u{1b}[?1049hd"])
        XCTAssertEqual(result.pieces, ["a\u{1b}8", "b\u{1b}[?1049l", "c\u{1b}[?1049hd"])
    }

    func testStringPastTheLimitIsDroppedAndHoldsNoMemory() {
        let result = pieces(["\u{1b}]2;0123456789", "0123456789", "more", "\u{07}after"], stringLimit: 16)
        XCTAssertEqual(result.pieces, ["after"])
        XCTAssertEqual(result.held, 0)
    }

    func testHeldStringNeverExceedsTheLimit() {
        var parser = VTermInputParser(stringLimit: 100)
        Array("\u{1b}]52;c;".utf8).withUnsafeBytes { parser.process($0) { _ in XCTFail("nothing to feed yet") } }
        for _ in 0..<10 {
            Array(repeating: UInt8(ascii: "A"), count: 30).withUnsafeBytes { parser.process($0) { _ in XCTFail("string is unterminated") } }
            XCTAssertLessThanOrEqual(parser.heldCount, 100)
        }
    }

    func testSOSPMAndAPCStringsAreSwallowed() {
        XCTAssertEqual(forwarded("a\u{1b}_Gf=100;AAAA\u{1b}\\b\u{1b}^pm\u{07}c\u{1b}Xsos\u{1b}\\d"), "abcd")
    }

    // MARK: - libvterm's limits

    func testSeventeenthCSIParameterIsDroppedAndTheSequenceKept() {
        let sixteen = Array(repeating: "1", count: 16).joined(separator: ";")
        XCTAssertEqual(forwarded("\u{1b}[\(sixteen);1094795585HX"), "\u{1b}[\(sixteen)HX")
    }

    func testSubParametersCountTowardsTheSixteen() {
        let colons = (1...30).map(String.init).joined(separator: ":")
        let kept = (1...16).map(String.init).joined(separator: ":")
        XCTAssertEqual(forwarded("\u{1b}[\(colons)m"), "\u{1b}[\(kept)m")
    }

    func testPrivateModeListIsCutAtSixteenParameters() {
        let many = Array(repeating: "25", count: 40).joined(separator: ";")
        let kept = Array(repeating: "25", count: 16).joined(separator: ";")
        XCTAssertEqual(forwarded("\u{1b}[?\(many)h"), "\u{1b}[?\(kept)h")
    }

    func testHugeParameterIsClampedInsteadOfOverflowing() {
        XCTAssertEqual(forwarded("\u{1b}[99999999999999999999999999999999;2147483648H"), "\u{1b}[65535;65535H")
    }

    func testEmptyParametersStayEmpty() {
        XCTAssertEqual(forwarded("\u{1b}[;5H\u{1b}[38:2::10:20:30m"), "\u{1b}[;5H\u{1b}[38:2::10:20:30m")
    }

    func testSequenceWithTooManyIntermediatesIsDroppedWhole() {
        XCTAssertEqual(forwarded("a\u{1b}[1!!!pb\u{1b}(((Bc"), "abc")
    }

    func testMisplacedPrivateMarkerDropsTheSequenceWhole() {
        XCTAssertEqual(forwarded("a\u{1b}[1?5hb\u{1b}[?1?hc"), "abc")
    }

    func testControlInsideACSIRunsBeforeIt() {
        XCTAssertEqual(forwarded("\u{1b}[1\n;2H"), "\n\u{1b}[1;2H")
    }

    func testEscapeWithIntermediatesNeverOpensAStringOrCSI() {
        XCTAssertEqual(forwarded("\u{1b} ]title\u{07}\u{1b}(B"), "title\u{07}\u{1b}(B")
    }

    func testEightBitByteInsideASequenceDropsItAndReadsAsText() {
        XCTAssertEqual(forwarded("\u{1b}[1\u{e9}"), "\u{e9}")
    }

    func testInvalidUTF8BecomesReplacementCharacters() {
        XCTAssertEqual(forwarded([0x61, 0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0x62]),
                       Array("a\u{FFFD}\u{FFFD}(\u{FFFD}\u{FFFD}\u{FFFD}b".utf8))
    }

    // MARK: - Titles and DECID

    func testControlCharactersInsideAnOSCAreDropped() {
        XCTAssertEqual(forwarded("\u{1b}]0;A\tB\r\n\u{7f}C\u{07}"), "\u{1b}]0;ABC\u{1b}\\")
    }

    func testBareEscapeEndsAnOSCAndStartsTheNextSequence() {
        XCTAssertEqual(forwarded("\u{1b}]0;title\u{1b}[1mx"), "\u{1b}]0;title\u{1b}\\\u{1b}[1mx")
    }

    func testDECIDIsForwardedAsADeviceAttributesRequest() {
        XCTAssertEqual(forwarded("\u{1b}Z"), "\u{1b}[c")
    }

    // MARK: - Properties over random input

    func testForwardedBytesAreAFixedPointAndWithinLibvtermLimits() {
        var random = SeededRandom(seed: 24)
        for _ in 0..<2_000 {
            let input = HostileInput.randomBytes(&random, count: Int(random.next() % 200))
            let once = forwarded(input)
            XCTAssertEqual(forwarded(once), once, "parsing the forwarded bytes again changes them: \(input)")
            XCTAssertNil(HostileInput.firstCSIBreakingLibvtermLimits(in: once), "from input \(input)")
        }
    }

    func testEverySplitOfRandomInputForwardsTheSameBytes() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let input = HostileInput.randomSequences(&random, count: 3).flatMap { $0 }
            let whole = forwarded(input)
            var parser = VTermInputParser()
            var split: [UInt8] = []
            var start = 0
            while start < input.count {
                let end = min(input.count, start + 1 + Int(random.next() % 7))
                input[start..<end].withUnsafeBytes { parser.process($0) { split.append(contentsOf: $0) } }
                start = end
            }
            XCTAssertEqual(split, whole, "input \(input)")
        }
    }
}

extension VTermInputParserTests {
    func testRepeatIsPerformedAsCopiesOfTheLastGraphicCharacter() {
        XCTAssertEqual(forwarded("ab\r\u{1b}[3b"), "ab\rbbb")
        XCTAssertEqual(forwarded("é\u{1b}[b"), "éé")
    }

    func testRepeatWithNothingPrintedBeforeIsDropped() {
        XCTAssertEqual(forwarded("\u{1b}[76;65535b\u{200B}\u{1b}[3bx"), "\u{200B}x")
    }

    func testRepeatIsBoundedByTheLimit() {
        var parser = VTermInputParser()
        parser.repeatLimit = 10
        var output: [UInt8] = []
        Array("x\u{1b}[65535b".utf8).withUnsafeBytes { parser.process($0) { output.append(contentsOf: $0) } }
        XCTAssertEqual(output, Array(repeating: UInt8(ascii: "x"), count: 11))
    }

    func testC1ControlsEncodedAsUTF8BecomeReplacementCharacters() {
        XCTAssertEqual(forwarded("a\u{85}b\u{9b}c"), "a\u{FFFD}b\u{FFFD}c")
    }
}
