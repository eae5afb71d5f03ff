import XCTest
@testable import TermindPresentation

final class KeyEncoderTests: XCTestCase {
    private let normal = KeyEncoder()

    private func encoded(_ key: InputKey, _ modifiers: KeyModifiers = [], by encoder: KeyEncoder = KeyEncoder()) -> String {
        String(decoding: encoder.encode(KeyPress(key, modifiers: modifiers)), as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
    }

    func testCharactersAreTheirUTF8() {
        XCTAssertEqual(encoded(.character("a")), "a")
        XCTAssertEqual(encoded(.character("漢")), "漢")
        XCTAssertEqual(normal.encode(KeyPress(.character("é"))), [0xC3, 0xA9])
    }

    func testCtrlWithALetterOrPunctuationIsItsControlByte() {
        XCTAssertEqual(normal.encode(.character("a", modifiers: .control)), [0x01])
        XCTAssertEqual(normal.encode(.character("Z", modifiers: .control)), [0x1A])
        XCTAssertEqual(normal.encode(.character(" ", modifiers: .control)), [0x00])
        XCTAssertEqual(normal.encode(.character("\\", modifiers: .control)), [0x1C])
        XCTAssertEqual(normal.encode(.character("]", modifiers: .control)), [0x1D])
        XCTAssertEqual(normal.encode(.character("^", modifiers: .control)), [0x1E])
        XCTAssertEqual(normal.encode(.character("_", modifiers: .control)), [0x1F])
        XCTAssertEqual(normal.encode(.character("?", modifiers: .control)), [0x7F])
        XCTAssertEqual(normal.encode(.character("é", modifiers: .control)), [0xC3, 0xA9], "no control form: the character")
    }

    func testAltPutsEscapeInFront() {
        XCTAssertEqual(encoded(.character("x"), .alt), "⎋x")
        XCTAssertEqual(encoded(.character("c"), [.alt, .control]), "⎋\u{03}")
        XCTAssertEqual(encoded(.enter, .alt), "⎋\r")
        XCTAssertEqual(encoded(.backspace, .alt), "⎋\u{7F}")
    }

    func testEnterTabBackspaceAndEscape() {
        XCTAssertEqual(encoded(.enter), "\r")
        XCTAssertEqual(encoded(.tab), "\t")
        XCTAssertEqual(encoded(.tab, .shift), "⎋[Z")
        XCTAssertEqual(encoded(.backspace), "\u{7F}")
        XCTAssertEqual(encoded(.backspace, .control), "\u{08}")
        XCTAssertEqual(encoded(.escape), "⎋")
    }

    /// Application cursor mode is libvterm's (VTermSurfaceKeyboardTests).
    func testUnmodifiedCursorKeysAreNormalModeCSI() {
        XCTAssertEqual(encoded(.up), "⎋[A")
        XCTAssertEqual(encoded(.left), "⎋[D")
        XCTAssertEqual(encoded(.home), "⎋[H")
        XCTAssertEqual(encoded(.end), "⎋[F")
    }

    func testModifiedCursorKeysUseXtermParameters() {
        XCTAssertEqual(encoded(.up, .control), "⎋[1;5A")
        XCTAssertEqual(encoded(.right, [.shift, .alt]), "⎋[1;4C")
        XCTAssertEqual(encoded(.home, .shift), "⎋[1;2H")
    }

    func testEditingAndFunctionKeys() {
        XCTAssertEqual(encoded(.insert), "⎋[2~")
        XCTAssertEqual(encoded(.delete), "⎋[3~")
        XCTAssertEqual(encoded(.delete, .control), "⎋[3;5~")
        XCTAssertEqual(encoded(.pageUp), "⎋[5~")
        XCTAssertEqual(encoded(.pageDown, .shift), "⎋[6;2~")
        XCTAssertEqual(encoded(.function(1)), "⎋OP")
        XCTAssertEqual(encoded(.function(4), .control), "⎋[1;5S")
        XCTAssertEqual(encoded(.function(5)), "⎋[15~")
        XCTAssertEqual(encoded(.function(12), .alt), "⎋[24;3~")
        XCTAssertEqual(encoded(.function(13)), "")
    }

    func testEveryKeyTheDecoderKnowsComesBackThroughIt() {
        var keys: [KeyPress] = []
        let special: [InputKey] = [.up, .down, .left, .right, .home, .end, .insert, .delete, .pageUp, .pageDown] + (1...12).map { .function($0) }
        let modifierSets: [KeyModifiers] = [[], .shift, .alt, .control, [.shift, .control], [.alt, .control], [.shift, .alt, .control]]
        for key in special {
            for modifiers in modifierSets {
                keys.append(KeyPress(key, modifiers: modifiers))
            }
        }
        for character in "az AZ09~!é漢" {
            keys.append(.character(character))
            keys.append(.character(character, modifiers: .alt))
        }
        for letter in "abcdefgjklnopqrstuvwxyz" {  // h, i and m are Backspace, Tab and Enter
            keys.append(.character(letter, modifiers: .control))
            keys.append(.character(letter, modifiers: [.control, .alt]))
        }
        keys += [KeyPress(.enter), KeyPress(.tab), KeyPress(.tab, modifiers: .shift), KeyPress(.backspace), KeyPress(.escape), KeyPress(.escape, modifiers: .alt)]

        for key in keys {
            XCTAssertEqual(decodeAll(normal.encode(key)), [.key(key)], "\(key)")
        }
    }

    func testAKeyPressReadsLikeTheKeymap() {
        XCTAssertEqual(KeyPress.character("x", modifiers: [.control, .alt]).description, "Ctrl-Alt-x")
        XCTAssertEqual(KeyPress(.up, modifiers: .shift).description, "Shift-Up")
        XCTAssertEqual(KeyPress(.pageDown).description, "PageDown")
        XCTAssertEqual(KeyPress(.function(5)).description, "F5")
        XCTAssertEqual(KeyPress.character(" ", modifiers: .control).description, "Ctrl-Space")
    }

    // MARK: - Paste

    /// Bracketing is libvterm's, when the program asked (VTermSurfaceKeyboardTests).
    func testAPastesNewlinesBecomeCarriageReturns() {
        let pasted = Array("one\ntwo\r\nthree".utf8)
        XCTAssertEqual(String(decoding: KeyEncoder().encode(paste: pasted), as: UTF8.self), "one\rtwo\rthree")
        XCTAssertEqual(KeyEncoder().encode(.paste(pasted)), KeyEncoder().encode(paste: pasted))
    }

    func testAPastedEndMarkerCannotCloseTheBracketsEarly() {
        let pasted = Array("safe\u{1B}[201~rm -rf ~\n".utf8)
        let bytes = Array("\u{1B}[200~".utf8) + VTermSurface.removingPasteEnd(KeyEncoder().encode(paste: pasted)) + SequenceParser.pasteEnd
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "\u{1B}[200~safe" + "rm -rf ~\r\u{1B}[201~")
        XCTAssertEqual(decodeAll(bytes), [.paste(Array("saferm -rf ~\r".utf8))])
    }

    // MARK: - Other events

    /// The workbench does not forward focus changes to programs.
    func testFocusChangesGiveNoBytes() {
        XCTAssertEqual(KeyEncoder().encode(.focusGained), [])
        XCTAssertEqual(KeyEncoder().encode(.focusLost), [])
    }

    func testMouseEventsGiveNoBytesHere() {
        XCTAssertEqual(KeyEncoder().encode(.mouse(MouseEvent(kind: .press(.left), column: 0, row: 0))), [])
    }
}
