import XCTest
@testable import TermindPresentation
import TermindTestSupport

/// Sequences that crash libvterm 0.1.4 when fed to it directly (its CSI parser writes a 17th
/// parameter past its 16 slots), fed here through `VTermSurface` and the real libvterm: the
/// surface must survive them and stay correct. Without `VTermInputParser` in front, each of the
/// first four tests ends the test process with SIGSEGV.
final class VTermSurfaceHostileInputTests: XCTestCase {
    private func ones(_ count: Int) -> String {
        Array(repeating: "1", count: count).joined(separator: ";")
    }

    func testSeventeenCursorParametersWithAPointerSizedValueLeaveThePaneAlive() {
        let surface = VTermSurface(rows: 5, columns: 20)
        surface.write("abc\r\n\u{1b}[\(ones(16));1094795585HX")
        for _ in 0..<100 {
            surface.write("\u{1b}[\(ones(200))H")
        }
        surface.write("\u{1b}[3;1Halive")
        XCTAssertEqual(surface.lines, ["Xbc", "", "alive", "", ""])
    }

    func testSeventeenSGRParametersApplyTheFirstSixteen() {
        let surface = VTermSurface(rows: 2, columns: 20)
        let fifteenResets = Array(repeating: "0", count: 15).joined(separator: ";")
        surface.write("\u{1b}[\(fifteenResets);1;31mB")
        XCTAssertEqual(surface.line(0), "B")
        XCTAssertTrue(surface.cell(row: 0, column: 0).attributes.contains(.bold))
        XCTAssertEqual(surface.cell(row: 0, column: 0).foreground, .default, "the 17th parameter (31, red) is dropped")
    }

    func testLongColonSubParametersLeaveThePaneAlive() {
        let surface = VTermSurface(rows: 2, columns: 20)
        let colons = (1...300).map { String($0 % 256) }.joined(separator: ":")
        surface.write("\u{1b}[38:\(colons)mX\u{1b}[0m")
        surface.write("\u{1b}[4:3:\(colons);\(colons)mY\u{1b}[0m")
        XCTAssertEqual(surface.line(0), "XY")
    }

    func testManyPrivateModeParametersApplyTheFirstSixteen() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}[?25;\(ones(40))l")
        XCTAssertFalse(surface.cursor.isVisible)
        surface.write("\u{1b}[?1049;\(ones(40))h")
        XCTAssertTrue(surface.isAlternateScreen)
        surface.write("\u{1b}[?1049l\u{1b}[?25h")
        XCTAssertFalse(surface.isAlternateScreen)
        XCTAssertTrue(surface.cursor.isVisible)
    }

    func testHugeNumbersAreClampedInsteadOfOverflowing() {
        let surface = VTermSurface(rows: 3, columns: 10)
        surface.write("\u{1b}[99999999999999999999999999;99999999999999999999999Hz")
        XCTAssertEqual(surface.line(2), "         z")
        surface.write("\u{1b}[1;1H\u{1b}[4294967297@q")
        XCTAssertEqual(surface.line(0), "q")
    }

    func testTenThousandRandomSequencesLeaveThePaneAliveAndCorrect() {
        var random = SeededRandom(seed: 2024)
        let surface = VTermSurface(rows: 24, columns: 80)
        let sequences = HostileInput.randomSequences(&random, count: 10_000)
        var pending: [UInt8] = []
        for sequence in sequences {
            pending += sequence
            if random.next() % 3 == 0 {
                // Cut anywhere, as the network does.
                let cut = Int(random.next() % UInt64(pending.count + 1))
                surface.write(Array(pending[..<cut]))
                pending = Array(pending[cut...])
            }
        }
        surface.write(pending)
        for _ in 0..<200 {
            surface.write(HostileInput.randomBytes(&random, count: 64))
        }
        _ = surface.takeOutput()
        _ = surface.takeDamage()
        XCTAssertTrue((0..<24).contains(surface.cursor.row) && (0..<80).contains(surface.cursor.column))

        // CAN ends whatever was left open; RIS resets modes; then the pane works as new.
        surface.write("\u{18}\u{1b}c")
        surface.write("$ echo alive\r\nalive\r\n")
        XCTAssertEqual(Array(surface.lines.prefix(3)), ["$ echo alive", "alive", ""])
        XCTAssertEqual(surface.cursor.row, 2)
        XCTAssertFalse(surface.isAlternateScreen)
        surface.write("\u{1b}[6n")
        XCTAssertEqual(surface.takeOutput(), Array("\u{1b}[3;1R".utf8))
    }

    func testRepeatAsTheFirstSequenceOrAfterAnInvisibleCharacterDoesNotHang() {
        // libvterm 0.1.4 alone loops forever on each of these.
        let surface = VTermSurface(rows: 4, columns: 10)
        surface.write("\u{1b}[76;65535b\u{200B}\u{1b}[3bab\u{85}\u{1b}[5b\r\n")
        XCTAssertEqual(surface.line(0), "ab\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
        // At most a row's width of copies.
        surface.write("x\u{1b}[3b\u{1b}[65535b")
        XCTAssertEqual(surface.lines, ["ab\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", "xxxxxxxxxx", "xxxx", ""])
    }

    // MARK: - Titles and DECID

    func testControlCharactersInATitleAreDroppedNotExecuted() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}]0;A\tB\r\nC\u{07}x")
        XCTAssertEqual(surface.title, "ABC")
        XCTAssertEqual(surface.lines, ["x", ""])
    }

    func testTitleEndedByABareEscapeIsSetAndTheNextSequenceRuns() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}]2;tmux-style\u{1b}[31mr")
        XCTAssertEqual(surface.title, "tmux-style")
        XCTAssertEqual(surface.line(0), "r")
        XCTAssertEqual(surface.cell(row: 0, column: 0).foreground, .indexed(1))
    }

    func testTitleLosesC1ControlsAndBidirectionalOverrides() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}]2;A\u{85}B\u{202E}C\u{2066}D\u{07}")
        XCTAssertEqual(surface.title, "ABCD")
    }

    func testDECIDIsAnsweredLikeDeviceAttributes() {
        let surface = VTermSurface(rows: 2, columns: 20)
        surface.write("\u{1b}[c")
        let attributes = surface.takeOutput()
        XCTAssertTrue(attributes.starts(with: Array("\u{1b}[?".utf8)), "libvterm answers DA")
        surface.write("\u{1b}Z")
        XCTAssertEqual(surface.takeOutput(), attributes)
        XCTAssertEqual(surface.lines, ["", ""])
    }
}
