import XCTest
@testable import TermindPresentation

/// Keys, pastes and the mouse encoded through libvterm in the modes the remote program set,
/// and OSC 7's working directory.
final class VTermSurfaceKeyboardTests: XCTestCase {
    private func typed(_ surface: VTermSurface, _ presses: [KeyPress]) -> String {
        for press in presses { surface.type(press) }
        return visible(surface.takeOutput())
    }

    func testCursorKeysFollowApplicationCursorMode() {
        let surface = VTermSurface(rows: 5, columns: 20)
        XCTAssertEqual(typed(surface, [KeyPress(.up), KeyPress(.left), KeyPress(.home)]), "⎋[A⎋[D⎋[H")
        surface.write("\u{1B}[?1h")
        XCTAssertEqual(typed(surface, [KeyPress(.up), KeyPress(.home)]), "⎋OA⎋OH")
        XCTAssertEqual(typed(surface, [KeyPress(.up, modifiers: .control)]), "⎋[1;5A")
    }

    func testCharactersAndControlKeysAreWhatShellsRead() {
        let surface = VTermSurface(rows: 5, columns: 20)
        XCTAssertEqual(
            typed(surface, [.character("a"), .character("é"), .character("c", modifiers: .control), .character("x", modifiers: .alt), KeyPress(.enter), KeyPress(.backspace), KeyPress(.tab, modifiers: .shift)]),
            "aé\u{03}⎋x\r\u{7F}⎋[Z")
        XCTAssertEqual(typed(surface, [KeyPress(.function(1)), KeyPress(.function(5)), KeyPress(.pageDown), KeyPress(.delete)]), "⎋OP⎋[15~⎋[6~⎋[3~")
    }

    func testNewlineModeMakesEnterSendCRLF() {
        let surface = VTermSurface(rows: 5, columns: 20)
        surface.write("\u{1B}[20h")
        XCTAssertEqual(typed(surface, [KeyPress(.enter)]), "\r\n")
    }

    func testAPasteIsBracketedOnlyWhenAskedAndCannotEndItsOwnBrackets() {
        let surface = VTermSurface(rows: 5, columns: 20)
        surface.paste(Array("a\nb".utf8))
        XCTAssertEqual(visible(surface.takeOutput()), "a\rb")
        surface.write("\u{1B}[?2004h")
        surface.paste(Array("x\u{1B}[201~rm -rf\n".utf8))
        XCTAssertEqual(visible(surface.takeOutput()), "⎋[200~xrm -rf\r⎋[201~")
    }

    func testTheMouseIsReportedOnlyWhenAskedInTheProtocolAsked() {
        let surface = VTermSurface(rows: 10, columns: 40)
        surface.mouse(.press(.left), row: 2, column: 3)
        XCTAssertEqual(surface.takeOutput(), [])
        surface.write("\u{1B}[?1000h\u{1B}[?1006h")
        surface.mouse(.press(.left), row: 2, column: 3)
        surface.mouse(.release(.left), row: 2, column: 3)
        surface.mouse(.scrollUp, row: 0, column: 0)
        XCTAssertEqual(visible(surface.takeOutput()), "⎋[<0;4;3M⎋[<0;4;3m⎋[<64;1;1M")
    }

    func testOSC7SetsTheWorkingDirectoryPercentDecoded() {
        let surface = VTermSurface(rows: 5, columns: 20)
        XCTAssertNil(surface.workingDirectory)
        surface.write("\u{1B}]7;file://web.example.com/srv/my%20app\u{07}")
        XCTAssertEqual(surface.workingDirectory, "/srv/my app")
        surface.write("\u{1B}]7;file://web/home\u{1B}\\")
        XCTAssertEqual(surface.workingDirectory, "/home")
        surface.write("\u{1B}]2;title\u{07}")
        XCTAssertEqual(surface.title, "title")
        XCTAssertEqual(surface.workingDirectory, "/home")
    }
}
