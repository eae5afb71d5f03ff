import TermindApplication
import TermindDomain
import XCTest
@testable import TermindPresentation

/// Where a browser's `c` copies: no other browser (it says so), the only one (at once), several
/// (the picker asks, by pane number, Host and path); the picker's keys; the confirmation that
/// names both ends.
@MainActor
final class CopyTargetPickerTests: XCTestCase {
    private let local = CopyTargetPicker.Target(pane: PaneID(), number: 2, side: .local, directory: "/home/me/in")
    private let srv2 = CopyTargetPicker.Target(pane: PaneID(), number: 3, side: .remote(hostLabel: "srv2"), directory: "/srv/drop")
    private let copy = BrowserCopy(sourceHost: "srv", sources: ["/home/tb/report.pdf"])

    private func key(_ picker: inout CopyTargetPicker, _ key: InputKey) throws -> OverlayOutcome {
        picker.handleKey(KeyPress(key), context: OverlayContext(keymap: try WorkbenchFixture.defaultKeymap()))
    }

    func testTheChoiceIsNowhereTheOnlyBrowserOrAskByHowManyBrowsersCouldTakeTheCopy() async throws {
        XCTAssertEqual(CopyTargetPicker.Choice([]), .nowhere)
        XCTAssertEqual(CopyTargetPicker.Choice([srv2]), .only(srv2), "one other browser: no question")
        XCTAssertEqual(CopyTargetPicker.Choice([local, srv2]), .ask([local, srv2]), "several: the person chooses, in pane order")
    }

    func testEnterCopiesIntoTheChosenBrowserAndEscCopiesNothing() async throws {
        var picker = CopyTargetPicker(copy: copy, source: "srv:/home/tb", targets: [local, srv2])
        XCTAssertEqual(picker.chosen, local, "the first in pane order is where the cursor starts, not where it goes")
        XCTAssertEqual(try key(&picker, .down).next, .stays)
        XCTAssertEqual(try key(&picker, .down).next, .stays, "the last stays chosen")
        let enter = try key(&picker, .enter)
        XCTAssertEqual(enter.next, .closes)
        guard case .submitCopy(let chosen, let source, _)? = enter.effects.first else { return XCTFail("\(enter.effects)") }
        XCTAssertEqual(source, "srv:/home/tb")
        XCTAssertEqual(chosen.transferRequest, TransferRequest(
            source: .host("srv"), paths: ["/home/tb/report.pdf"], destination: .host("srv2"), directory: "/srv/drop"))

        var other = CopyTargetPicker(copy: copy, source: "srv:/home/tb", targets: [local, srv2])
        let escape = try key(&other, .escape)
        XCTAssertEqual(escape.next, .closes)
        guard case .cancelCopy? = escape.effects.first else { return XCTFail("\(escape.effects)") }
    }

    func testThePanesNumberChoosesAndCopiesAtOnce() async throws {
        var picker = CopyTargetPicker(copy: copy, source: "srv:/home/tb", targets: [local, srv2])
        XCTAssertEqual(try key(&picker, .character("7")).next, .stays, "no browser is pane 7")
        let three = try key(&picker, .character("3"))
        guard case .submitCopy(let chosen, _, _)? = three.effects.first else { return XCTFail("\(three.effects)") }
        XCTAssertEqual(chosen.destinationHost, "srv2")
        XCTAssertEqual(chosen.destinationDirectory, "/srv/drop")
    }

    func testThePickerListsEachBrowsersPaneNumberHostAndPath() async throws {
        var picker = CopyTargetPicker(copy: copy, source: "srv:/home/tb", targets: [local, srv2])
        picker.move(by: 1)
        var buffer = CellBuffer(width: 100, height: 20)
        _ = CopyTargetPickerView.draw(picker, in: CellRect(column: 0, row: 0, columns: 100, rows: 20), into: &buffer)
        let text = buffer.lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("Copy to which browser?"), text)
        XCTAssertTrue(text.contains("report.pdf from srv:/home/tb"), text)
        XCTAssertTrue(text.contains("pane 2  local:/home/me/in"), text)
        XCTAssertTrue(text.contains("pane 3  srv2:/srv/drop"), text)
        XCTAssertTrue(text.contains("Enter copies there · Esc copies nothing"), text)
    }

    func testTheConfirmationNamesBothEnds() async throws {
        XCTAssertEqual(copy.into(.remote(hostLabel: "srv2"), directory: "/srv/drop").confirmation(from: "srv:/home/tb"),
                       "copying report.pdf from srv:/home/tb to srv2:/srv/drop")
        let two = BrowserCopy(sourceHost: nil, sources: ["/home/me/a", "/home/me/b"]).into(.local, directory: "/tmp")
        XCTAssertEqual(two.confirmation(from: "local:/home/me"), "copying 2 entries from local:/home/me to local:/tmp")
    }

    func testADirectoryNameWithControlsIsShownEscapedInThePickerAndTheConfirmation() async throws {
        let hostile = CopyTargetPicker.Target(pane: PaneID(), number: 4, side: .remote(hostLabel: "srv2"), directory: "/srv/\u{1B}]0;owned\u{07}x")
        let picker = CopyTargetPicker(copy: copy, source: "srv:/home/\u{1B}[2Jtb", targets: [local, hostile])
        var buffer = CellBuffer(width: 100, height: 20)
        _ = CopyTargetPickerView.draw(picker, in: CellRect(column: 0, row: 0, columns: 100, rows: 20), into: &buffer)
        let text = buffer.lines.joined(separator: "\n")
        XCTAssertFalse(text.contains("\u{1B}") || text.contains("\u{07}"), text)
        XCTAssertTrue(text.contains("pane 4  srv2:/srv/"), text)
        let line = copy.into(hostile.side, directory: hostile.directory).confirmation(from: "srv:/home/\u{1B}[2Jtb")
        XCTAssertFalse(line.contains("\u{1B}") || line.contains("\u{07}"), line)
    }
}
