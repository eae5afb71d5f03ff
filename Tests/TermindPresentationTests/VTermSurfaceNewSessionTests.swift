import XCTest
@testable import TermindPresentation

final class VTermSurfaceNewSessionTests: XCTestCase {
    func testANewSessionLeavesTheAlternateScreenAndMarksTheLineBelowTheOldText() {
        let surface = VTermSurface(rows: 6, columns: 30)
        surface.write("$ vi /etc/services\r\n")
        // vi: alternate screen, scroll region, application cursor keys and keypad, mouse.
        surface.write("\u{1b}[?1049h\u{1b}[2;4r\u{1b}[?1h\u{1b}=\u{1b}[?1002h\u{1b}[?1006h\u{1b}[?2004h\u{1b}[?25l\u{1b}[7m")
        surface.write("\u{1b}[Hvi's text\u{1b}]2;half a ti")  // and the connection drops mid-title
        XCTAssertTrue(surface.isAlternateScreen)

        surface.beginNewSession(marker: "── reconnected 14:02 ──")

        XCTAssertFalse(surface.isAlternateScreen)
        XCTAssertEqual(surface.mouseMode, .none)
        XCTAssertTrue(surface.cursor.isVisible)
        XCTAssertEqual(Array(surface.lines.prefix(3)), ["$ vi /etc/services", "── reconnected 14:02 ──", ""])
        XCTAssertEqual(surface.cursor.row, 2)
        XCTAssertEqual(surface.cursor.column, 0)

        // The new shell's output: plain rendition, the whole screen scrolls, normal-mode keys.
        surface.write("$ \u{1b}]2;new\u{07}")
        XCTAssertEqual(surface.title, "new")
        XCTAssertFalse(surface.cell(row: 2, column: 0).attributes.contains(.reverse))
        surface.type(KeyPress(.up))
        XCTAssertEqual(surface.takeOutput(), Array("\u{1b}[A".utf8))
        surface.write("\r\n1\r\n2\r\n3\r\n4")
        XCTAssertEqual(surface.lines, ["── reconnected 14:02 ──", "$", "1", "2", "3", "4"])
        XCTAssertEqual(surface.scrollbackText(surface.scrollbackCount - 1), "$ vi /etc/services")
    }

    func testANewSessionPrintsPlainTextAfterTheOldOneLeftLineDrawingAndProtectionOn() {
        let surface = VTermSurface(rows: 4, columns: 40)
        let throughLibvterm = VTermSurface(rows: 4, columns: 40)
        throughLibvterm.writesPlainTextDirectly = false
        for each in [surface, throughLibvterm] {
            // A box half drawn in line drawing, G1 shifted in, protected cells, a single shift.
            each.write("\u{1b}(0\u{1b})0\u{0e}\u{1b}[1\"qlqqqqqqqqqqqqqqqqk\u{1b}N")
            each.beginNewSession(marker: "-- reconnected --")
            each.write("qqqq plain text from the new shell")
            XCTAssertEqual(each.line(2), "qqqq plain text from the new shell")
            // Unprotected: a selective erase takes the new text and leaves the old box.
            each.write("\u{1b}[?2J")
            XCTAssertEqual(each.line(2), "")
            XCTAssertEqual(each.line(0), "┌" + String(repeating: "─", count: 16) + "┐")
        }
        XCTAssertGreaterThan(surface.plainTextCharacters, 20)
    }

    func testANewSessionStartsOnAFreshLineAfterAPromptLeftMidLine() {
        let surface = VTermSurface(rows: 4, columns: 30)
        surface.write("tbar@vm:~$ ")
        surface.beginNewSession(marker: "── reconnected 09:15 ──")
        surface.write("tbar@vm:~$ ")
        XCTAssertEqual(surface.lines, ["tbar@vm:~$", "── reconnected 09:15 ──", "tbar@vm:~$", ""])
    }
}
