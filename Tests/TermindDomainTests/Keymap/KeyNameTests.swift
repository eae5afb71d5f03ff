import TermindDomain
import XCTest

final class KeyNameTests: XCTestCase {
    private func key(_ name: String) throws -> Key { try Key(name: name) }

    func testReadsTmuxStyleAndWordModifiers() throws {
        XCTAssertEqual(try key("C-x"), Key(.character("x"), modifiers: .control))
        XCTAssertEqual(try key("ctrl-x"), try key("C-x"))
        XCTAssertEqual(try key("M-x"), Key(.character("x"), modifiers: .alt))
        XCTAssertEqual(try key("alt-x"), try key("M-x"))
        XCTAssertEqual(try key("meta-x"), try key("M-x"))
        XCTAssertEqual(try key("S-Up"), Key(.up, modifiers: .shift))
        XCTAssertEqual(try key("shift-up"), try key("S-Up"))
        XCTAssertEqual(try key("C-M-Left"), Key(.left, modifiers: [.control, .alt]))
        XCTAssertEqual(try key("M-C-left"), try key("C-M-Left"))
    }

    func testReadsNamedKeysInAnyCaseWithTheirCommonSpellings() throws {
        XCTAssertEqual(try key("F5"), Key(.function(5)))
        XCTAssertEqual(try key("f12"), Key(.function(12)))
        XCTAssertEqual(try key("pageup"), Key(.pageUp))
        XCTAssertEqual(try key("PgUp"), Key(.pageUp))
        XCTAssertEqual(try key("PPage"), Key(.pageUp))
        XCTAssertEqual(try key("NPage"), Key(.pageDown))
        XCTAssertEqual(try key("esc"), Key(.escape))
        XCTAssertEqual(try key("Return"), Key(.enter))
        XCTAssertEqual(try key("BSpace"), Key(.backspace))
        XCTAssertEqual(try key("DC"), Key(.delete))
    }

    func testReadsSingleCharactersIncludingPunctuationAndDashes() throws {
        XCTAssertEqual(try key("%"), Key("%"))
        XCTAssertEqual(try key("\""), Key("\""))
        XCTAssertEqual(try key("\\"), Key("\\"))
        XCTAssertEqual(try key("-"), Key("-"))
        XCTAssertEqual(try key("C--"), Key(.character("-"), modifiers: .control))
        XCTAssertEqual(try key("C-\\"), Keymap.defaultPrefix)
        XCTAssertEqual(try key("é"), Key("é"))
    }

    func testEqualPressesCompareEqual() throws {
        XCTAssertEqual(try key("C-A"), try key("C-a"), "Control folds a letter's case, as terminals do")
        XCTAssertEqual(try key("S-a"), try key("A"), "Shift on a letter is its capital")
        XCTAssertEqual(try key("M-S-a"), try key("M-A"))
        XCTAssertNotEqual(try key("a"), try key("A"))
        XCTAssertEqual(Key(" "), try key("Space"))
        XCTAssertEqual(Key("\t"), try key("Tab"))
    }

    func testNamesReadBackToTheSameKey() throws {
        for name in ["C-\\", "M-Left", "S-Up", "F5", "%", "\"", "A", "C-M-x", "C--", "PageDown", "Space", "S-Tab", "M-1"] {
            let parsed = try key(name)
            XCTAssertEqual(parsed.description, name)
            XCTAssertEqual(try key(parsed.description), parsed)
        }
        XCTAssertEqual(try key("alt-left").description, "M-Left")
    }

    func testRefusesWhatIsNotAKeyAndSaysWhy() {
        for name in ["foo", "F25", "F0", "F05", "M-", "C-xy", "Leftt"] {
            XCTAssertThrowsError(try key(name)) { error in
                XCTAssertEqual(error as? KeyNameError, .unknown(name), name)
            }
        }
        XCTAssertThrowsError(try key("C-C-x")) { XCTAssertEqual($0 as? KeyNameError, .repeatedModifier("C-C-x")) }
        XCTAssertThrowsError(try key("")) { XCTAssertEqual($0 as? KeyNameError, .empty) }
        XCTAssertTrue(KeyNameError.unknown("foo").description.contains("'foo' is not a key name"))
    }
}
