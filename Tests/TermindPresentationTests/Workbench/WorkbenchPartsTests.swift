import TermindDomain
import XCTest
@testable import TermindPresentation

/// The workbench's pure parts: fuzzy matching, frame scheduling, wrapping, key names.
final class WorkbenchPartsTests: XCTestCase {
    func testFuzzyMatchFindsCharactersInOrderAndPrefersWordStartsAndRuns() {
        XCTAssertNil(FuzzyMatch.score("xyz", in: "web-1"))
        XCTAssertNil(FuzzyMatch.score("bw", in: "web"), "order matters")
        XCTAssertEqual(FuzzyMatch.score("", in: "anything"), 0)
        let run = FuzzyMatch.score("web", in: "web-1")!
        let scattered = FuzzyMatch.score("web", in: "wide-eastern-backup")!
        XCTAssertGreaterThan(run, scattered)
        let wordStart = FuzzyMatch.score("db", in: "prod db-primary")!
        let middle = FuzzyMatch.score("db", in: "adbox")!
        XCTAssertGreaterThan(wordStart, middle)
        XCTAssertNotNil(FuzzyMatch.score("WEB", in: "web"), "case is ignored")
    }

    func testFramesDrawAtOnceWhenQuietAndAtMostSixtyASecondUnderLoad() {
        var scheduler = FrameScheduler()
        let start = ContinuousClock.now
        XCTAssertEqual(scheduler.changed(at: start), .drawNow)
        scheduler.drew(at: start)
        XCTAssertEqual(scheduler.changed(at: start + .milliseconds(2)), .drawAt(start + .milliseconds(16)))
        XCTAssertEqual(scheduler.changed(at: start + .milliseconds(5)), .alreadyScheduled)
        scheduler.drew(at: start + .milliseconds(16))
        XCTAssertEqual(scheduler.changed(at: start + .milliseconds(100)), .drawNow, "after a quiet spell, at once")
    }

    func testTextWrapBreaksAtSpacesAndCutsOverlongWords() {
        XCTAssertEqual(TextWrap.lines("the host key has changed", width: 10), ["the host", "key has", "changed"])
        XCTAssertEqual(TextWrap.lines("SHA256:abcdefghij", width: 8), ["SHA256:a", "bcdefghi", "j"])
        XCTAssertEqual(TextWrap.lines("one\n\ntwo", width: 10), ["one", "", "two"])
        XCTAssertEqual(TextWrap.truncated("workspace", to: 5), "work…")
        XCTAssertEqual(TextWrap.truncated("web", to: 5), "web")
    }

    func testDecodedKeysMapToTheKeymapsNames() {
        XCTAssertEqual(KeyPress.character("\\", modifiers: .control).keymapKey, Key.control("\\"))
        XCTAssertEqual(KeyPress(.left, modifiers: .alt).keymapKey, Key.alt(.left))
        XCTAssertEqual(KeyPress(.left, modifiers: .meta).keymapKey, Key.alt(.left))
        XCTAssertEqual(KeyPress.character("%").keymapKey, Key("%"))
        XCTAssertEqual(KeyPress.character(" ").keymapKey, Key(.space))
        XCTAssertEqual(KeyPress(.function(5)).keymapKey, Key(.function(5)))
        XCTAssertEqual(KeyPress(Key.control("\\")), KeyPress.character("\\", modifiers: .control))
        XCTAssertEqual(KeyPress(Key(.space)), KeyPress.character(" "))
    }

    func testFingerprintsAreFoundInAChangedKeyMessageOfferedFirst() {
        let text = "the server offers SHA256:abc+/1, but the recorded key is SHA256:def in file:3; SHA256:ghi in the Vault."
        XCTAssertEqual(TerminalPaneView.fingerprints(in: text), ["SHA256:abc+/1", "SHA256:def", "SHA256:ghi"])
    }
}
