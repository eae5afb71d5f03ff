import TermindTestSupport
import XCTest
@testable import TermindPresentation

final class InputDecoderTests: XCTestCase {
    // MARK: - Text and control keys

    func testPrintableASCIIAndUTF8ArriveAsCharacterKeys() {
        XCTAssertDecodesInEverySplit(Array("a Z~é漢😀".utf8), [
            .text("a"), .text(" "), .text("Z"), .text("~"), .text("é"), .text("漢"), .text("😀"),
        ])
    }

    func testControlBytesAreCtrlWithTheirLetter() {
        XCTAssertEqual(decodeAll([0x01, 0x03, 0x0A, 0x1A]), [
            .text("a", .control), .text("c", .control), .text("j", .control), .text("z", .control),
        ])
    }

    func testCtrlSpaceAndCtrlPunctuation() {
        XCTAssertEqual(decodeAll([0x00, 0x1C, 0x1D, 0x1E, 0x1F]), [
            .text(" ", .control), .text("\\", .control), .text("]", .control), .text("^", .control), .text("_", .control),
        ])
    }

    func testEnterTabBackspaceAndEscape() {
        XCTAssertEqual(decodeAll([0x0D, 0x09, 0x7F, 0x08, 0x1B]), [
            .special(.enter), .special(.tab), .special(.backspace), .special(.backspace), .special(.escape),
        ])
    }

    // MARK: - Invalid UTF-8

    func testInvalidUTF8BecomesReplacementCharactersAndDecodingGoesOn() {
        let cases: [([UInt8], [InputEvent])] = [
            ([0x80, 0x61], [.text("\u{FFFD}"), .text("a")]),  // stray continuation byte
            ([0xC0, 0xAF], [.text("\u{FFFD}"), .text("\u{FFFD}")]),  // overlong "/"
            ([0xE0, 0x80, 0x80], [.text("\u{FFFD}"), .text("\u{FFFD}"), .text("\u{FFFD}")]),  // overlong
            ([0xED, 0xA0, 0x80], [.text("\u{FFFD}"), .text("\u{FFFD}"), .text("\u{FFFD}")]),  // a surrogate
            ([0xF4, 0x90, 0x80, 0x80], [.text("\u{FFFD}"), .text("\u{FFFD}"), .text("\u{FFFD}"), .text("\u{FFFD}")]),  // past U+10FFFF
            ([0xE6, 0xBC, 0x61], [.text("\u{FFFD}"), .text("a")]),  // cut short by ASCII
            ([0xFF, 0xFE], [.text("\u{FFFD}"), .text("\u{FFFD}")]),
        ]
        for (bytes, expected) in cases {
            XCTAssertDecodesInEverySplit(bytes, expected)
        }
    }

    func testAnUnfinishedUTF8CharacterWaitsThenBecomesAReplacementCharacter() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0xE6, 0xBC]), [])
        XCTAssertEqual(decoder.timeout, InputDecoder.defaultEscapeTimeout)
        XCTAssertEqual(decoder.flushTimeout(), [.text("\u{FFFD}")])
        XCTAssertNil(decoder.timeout)
    }

    // MARK: - Escape and Alt

    func testALoneEscapeAtTheEndOfAChunkIsHeldUntilTheTimeout() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertEqual(decoder.timeout, .milliseconds(25))
        let now = ContinuousClock.now
        XCTAssertEqual(decoder.deadline(after: now), now + .milliseconds(25))

        XCTAssertEqual(decoder.flushTimeout(), [.special(.escape)])
        XCTAssertNil(decoder.timeout)
        XCTAssertNil(decoder.deadline(after: now))
    }

    func testEscapeFollowedByMoreInputInTimeIsAlt() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertEqual(decoder.feed(Array("x".utf8)), [.text("x", .alt)])
        XCTAssertNil(decoder.timeout)
    }

    func testEscapeThenTheTimeoutThenAKeyAreTwoKeys() {
        var decoder = InputDecoder()
        _ = decoder.feed([0x1B])
        XCTAssertEqual(decoder.flushTimeout(), [.special(.escape)])
        XCTAssertEqual(decoder.feed(Array("x".utf8)), [.text("x")])
    }

    func testAltWithCharactersControlsAndSpecialKeys() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋a⎋Q⎋é⎋\u{01}⎋\r⎋\u{7F}"), [
            .text("a", .alt), .text("Q", .alt), .text("é", .alt), .text("a", [.alt, .control]),
            .special(.enter, .alt), .special(.backspace, .alt),
        ])
    }

    func testEscapeEscapeIsAltEscapeAndPrefixesASequenceWithAlt() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋⎋"), [.special(.escape, .alt)])
        XCTAssertDecodesInEverySplit(inputBytes("⎋⎋[A"), [.special(.up, .alt)])
    }

    func testEscapeBracketAndEscapeOAloneAreAltKeysAfterTheTimeout() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋["), [.text("[", .alt)])
        XCTAssertDecodesInEverySplit(inputBytes("⎋O"), [.text("O", .alt)])
    }

    // MARK: - Cursor and function keys

    func testArrowsHomeAndEndInBothCursorModes() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[A⎋[B⎋[C⎋[D⎋[H⎋[F⎋OA⎋OB⎋OC⎋OD⎋OH⎋OF"), [
            .special(.up), .special(.down), .special(.right), .special(.left), .special(.home), .special(.end),
            .special(.up), .special(.down), .special(.right), .special(.left), .special(.home), .special(.end),
        ])
    }

    func testXtermModifiersOnCursorKeys() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[1;5A⎋[1;2B⎋[1;3C⎋[1;8D⎋[1;6H⎋[1;9F"), [
            .special(.up, .control), .special(.down, .shift), .special(.right, .alt),
            .special(.left, [.shift, .alt, .control]), .special(.home, [.shift, .control]), .special(.end, .meta),
        ])
    }

    func testEditingKeysInTheirTildeForms() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[1~⎋[2~⎋[3~⎋[4~⎋[5~⎋[6~⎋[7~⎋[8~⎋[3;5~⎋[5;2~"), [
            .special(.home), .special(.insert), .special(.delete), .special(.end), .special(.pageUp), .special(.pageDown),
            .special(.home), .special(.end), .special(.delete, .control), .special(.pageUp, .shift),
        ])
    }

    func testFunctionKeysOneToTwelveInSS3AndCSIForms() {
        let bytes = inputBytes("⎋OP⎋OQ⎋OR⎋OS⎋[15~⎋[17~⎋[18~⎋[19~⎋[20~⎋[21~⎋[23~⎋[24~")
        XCTAssertDecodesInEverySplit(bytes, (1...12).map { .special(.function($0)) })
    }

    func testFunctionKeysWithModifiersAndOlderForms() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[1;5P⎋[1;2S⎋[15;3~⎋[24;5~⎋[11~⎋[14~⎋[[A⎋[[E⎋O5P"), [
            .special(.function(1), .control), .special(.function(4), .shift), .special(.function(5), .alt),
            .special(.function(12), .control), .special(.function(1)), .special(.function(4)),
            .special(.function(1)), .special(.function(5)), .special(.function(1), .control),
        ])
    }

    func testShiftTab() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[Z⎋[1;5Z"), [.special(.tab, .shift), .special(.tab, [.shift, .control])])
    }

    func testKeysReportedByCodePoint() {
        // kitty's CSI u and xterm's modifyOtherKeys.
        XCTAssertDecodesInEverySplit(inputBytes("⎋[97;5u⎋[13;2u⎋[27;5;105~⎋[97;2u"), [
            .text("a", .control), .special(.enter, .shift), .text("i", .control), .text("A"),
        ])
    }

    func testApplicationKeypad() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋Op⎋Oy⎋OM⎋Ok"), [.text("0"), .text("9"), .special(.enter), .text("+")])
    }

    // MARK: - Paste

    func testBracketedPasteIsOneEventWithItsBytesIncludingEscapeAndControls() {
        let pasted = inputBytes("ls -l\r\n⎋[A\u{03}q漢")
        XCTAssertDecodesInEverySplit(inputBytes("x⎋[200~") + pasted + inputBytes("⎋[201~y"), [
            .text("x"), .paste(pasted), .text("y"),
        ])
    }

    func testAPasteArrivingInManyChunksIsStillOneEvent() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        let text = String(repeating: "line of pasted text ⎋[1;5A\n", count: 400)
        let all = inputBytes("⎋[200~") + inputBytes(text) + inputBytes("⎋[201~")
        var start = 0
        var size = 1
        while start < all.count {
            let end = min(all.count, start + size)
            events += decoder.feed(all[start..<end])
            if end >= 6 {
                XCTAssertNil(decoder.timeout, "a paste in progress does not time out")
            }
            start = end
            size = size % 13 + 1
        }
        XCTAssertEqual(events, [.paste(inputBytes(text))])
    }

    func testAnEmptyPasteAndAPasteHoldingAPartialEndMarker() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[200~⎋[201~"), [.paste([])])
        XCTAssertDecodesInEverySplit(inputBytes("⎋[200~a⎋[20b⎋[201~"), [.paste(inputBytes("a⎋[20b"))])
    }

    func testPastedTextDecodesLeniently() {
        XCTAssertEqual(InputEvent.paste([0x68, 0x69, 0xFF]).pastedText, "hi\u{FFFD}")
        XCTAssertNil(InputEvent.focusGained.pastedText)
    }

    // MARK: - Mouse and focus

    func testSGRMousePressReleaseAndDrag() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[<0;10;5M⎋[<0;12;5m⎋[<34;3;4M⎋[<1;1;1M⎋[<35;7;8M"), [
            .mouse(MouseEvent(kind: .press(.left), column: 9, row: 4)),
            .mouse(MouseEvent(kind: .release(.left), column: 11, row: 4)),
            .mouse(MouseEvent(kind: .drag(.right), column: 2, row: 3)),
            .mouse(MouseEvent(kind: .press(.middle), column: 0, row: 0)),
            .mouse(MouseEvent(kind: .move, column: 6, row: 7)),
        ])
    }

    func testSGRMouseWheelAndModifiers() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[<64;2;3M⎋[<65;2;3M⎋[<66;1;1M⎋[<67;1;1M⎋[<20;200;100M⎋[<8;1;1M⎋[<128;4;4M"), [
            .mouse(MouseEvent(kind: .scrollUp, column: 1, row: 2)),
            .mouse(MouseEvent(kind: .scrollDown, column: 1, row: 2)),
            .mouse(MouseEvent(kind: .scrollLeft, column: 0, row: 0)),
            .mouse(MouseEvent(kind: .scrollRight, column: 0, row: 0)),
            .mouse(MouseEvent(kind: .press(.left), column: 199, row: 99, modifiers: [.shift, .control])),
            .mouse(MouseEvent(kind: .press(.left), column: 0, row: 0, modifiers: .alt)),
            .mouse(MouseEvent(kind: .press(.other(8)), column: 3, row: 3)),
        ])
    }

    func testFocusInAndOut() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[I⎋[O"), [.focusGained, .focusLost])
    }

    // MARK: - Unknown sequences

    func testUnknownSequencesAreDroppedNotTyped() {
        // Device attributes, an unknown key number, a status report, a cursor style, keypad 5,
        // an unknown SS3 key and a paste end with no paste.
        XCTAssertDecodesInEverySplit(inputBytes("a⎋[?1;2c⎋[99~⎋[5n⎋[>0;276;0c⎋[1 q⎋[E⎋OZ⎋[201~b"), [.text("a"), .text("b")])
    }

    func testAnOldX10MouseReportIsSkippedWhole() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[M !!a"), [.text("a")])
    }

    func testARunawaySequenceIsSkippedToItsEndWithoutGrowingTheHeldBytes() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        events += decoder.feed(inputBytes("⎋["))
        for _ in 0..<100 {
            events += decoder.feed(Array(repeating: UInt8(ascii: "1"), count: 50))
        }
        events += decoder.feed(inputBytes("~z"))
        XCTAssertEqual(events, [.text("z")])
        XCTAssertNil(decoder.timeout)
    }

    func testARunawaySequenceBrokenByAControlByteKeepsThatByte() {
        var decoder = InputDecoder()
        var events = decoder.feed(inputBytes("⎋[") + Array(repeating: UInt8(ascii: "2"), count: 100))
        events += decoder.feed(inputBytes("\ra"))
        XCTAssertEqual(events, [.special(.enter), .text("a")])
    }

    func testDecodingInRandomChunksGivesTheEventsOfDecodingWhole() {
        // Bytes biased towards the pieces of sequences, cut at random places.
        let alphabet: [UInt8] = inputBytes("⎋⎋⎋[[O;;<~~1235AZMmIu a") + [0x0D, 0x7F, 0x01, 0xC3, 0xA9, 0xE6, 0xBC, 0xA2, 0xF0, 0x9F, 0x98, 0x80, 0xFF, 0x80]
        var random = SeededRandom(seed: 0x1A7E_5EED)
        for round in 0..<300 {
            var bytes = (0..<Int.random(in: 1...80, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            if Bool.random(using: &random) {
                bytes.insert(contentsOf: inputBytes("⎋[200~"), at: Int.random(in: 0...bytes.count, using: &random))
            }
            var decoder = InputDecoder()
            var events: [InputEvent] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...7, using: &random))
                events += decoder.feed(bytes[start..<end])
                start = end
            }
            events += decoder.flushTimeout()
            XCTAssertEqual(events, decodeAll(bytes), "round \(round): \(visible(bytes).debugDescription)")
        }
    }

    func testASequenceBrokenByAControlByteDropsTheBrokenPart() {
        XCTAssertDecodesInEverySplit(inputBytes("⎋[12\ra"), [.special(.enter), .text("a")])
    }
}
