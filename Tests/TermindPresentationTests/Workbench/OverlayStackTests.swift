import TermindDomain
import XCTest
@testable import TermindPresentation

/// The overlay stack alone, with probe overlays: its order (levels, then opening order), push
/// and pop, input to the top only, and drawing bottom-up.
@MainActor
final class OverlayStackTests: XCTestCase {
    /// An overlay that records the keys it gets, answers as told, and draws its name at the
    /// area's corner with the cursor after it.
    private struct Probe: Overlay {
        let name: String
        var level: OverlayLevel = .screen
        var reply = OverlayOutcome.handled
        var keys: [String] = []

        mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
            keys.append(press.keymapKey.description)
            return reply
        }

        func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
            let end = buffer.put(name, column: area.column, row: area.row, style: WorkbenchTheme.text)
            return ScreenCursor(row: area.row, column: end)
        }
    }

    /// A second type, to reach by type through the subscript.
    private struct Other: Overlay {
        var level: OverlayLevel = .picker
        var value = 0
        func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome { .handled }
        func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? { nil }
    }

    private func context() throws -> OverlayContext {
        OverlayContext(keymap: try WorkbenchFixture.defaultKeymap())
    }

    private func names(_ stack: OverlayStack) -> [String] {
        stack.bottomUp.map { ($0 as? Probe)?.name ?? "other" }
    }

    private func key(_ character: Character, to stack: inout OverlayStack) throws -> OverlayOutcome? {
        let context = try context()
        return stack.sendToTop { $0.handleKey(KeyPress(.character(character)), context: context) }
    }

    func testOverlaysOfOneLevelStackInTheOrderTheyOpened() async {
        var stack = OverlayStack()
        XCTAssertTrue(stack.isEmpty)
        stack.push(Probe(name: "help"))
        stack.push(Probe(name: "queue"))
        XCTAssertEqual(names(stack), ["help", "queue"])
        XCTAssertEqual((stack.top as? Probe)?.name, "queue")
    }

    func testAHigherLevelStaysAboveOverlaysOpenedAfterIt() async {
        var stack = OverlayStack()
        stack.push(Probe(name: "help", level: .screen))
        stack.push(Probe(name: "dialog", level: .interaction))
        stack.push(Probe(name: "quick open", level: .picker))
        stack.push(Probe(name: "help again", level: .screen))
        XCTAssertEqual(names(stack), ["help", "help again", "quick open", "dialog"], "by level, then by opening")
        XCTAssertTrue(OverlayLevel.interaction.isModal && OverlayLevel.edit.isModal && OverlayLevel.transferConflict.isModal)
        XCTAssertFalse(OverlayLevel.statusQuestion.isModal || OverlayLevel.picker.isModal || OverlayLevel.screen.isModal)
    }

    func testInputGoesToTheTopOnly() async throws {
        var stack = OverlayStack()
        stack.push(Probe(name: "below"))
        stack.push(Probe(name: "top"))
        XCTAssertEqual(try key("x", to: &stack)?.next, .stays)
        XCTAssertEqual((stack.bottomUp[1] as? Probe)?.keys, ["x"], "the top kept its new state")
        XCTAssertEqual((stack.bottomUp[0] as? Probe)?.keys, [])
    }

    func testClosingPopsTheTopAndTheOneBelowTakesTheNextKey() async throws {
        var stack = OverlayStack()
        stack.push(Probe(name: "below"))
        stack.push(Probe(name: "top", reply: .close))
        XCTAssertEqual(try key("x", to: &stack)?.next, .closes)
        XCTAssertEqual(names(stack), ["below"])
        _ = try key("y", to: &stack)
        XCTAssertEqual((stack.top as? Probe)?.keys, ["y"])
        stack.popTop()
        XCTAssertTrue(stack.isEmpty)
        XCTAssertNil(try key("z", to: &stack), "no overlay: the key is the workbench's")
    }

    func testAKeyLetThroughLeavesTheOverlayOpenAndSkipsTheOnesBelow() async throws {
        var stack = OverlayStack()
        stack.push(Probe(name: "below"))
        stack.push(Probe(name: "queue", reply: .passThrough))
        XCTAssertEqual(try key("t", to: &stack)?.next, .passesThrough)
        XCTAssertEqual(names(stack), ["below", "queue"])
        XCTAssertEqual((stack.bottomUp[0] as? Probe)?.keys, [], "a key let through goes to the keymap, not below")
    }

    func testEffectsComeBackWithTheOutcome() async throws {
        var stack = OverlayStack()
        stack.push(Probe(name: "question", reply: .closes(.quit)))
        let outcome = try key("y", to: &stack)
        guard case .quit? = outcome?.effects.first else { return XCTFail("effects: \(String(describing: outcome?.effects))") }
        XCTAssertTrue(stack.isEmpty)
    }

    func testDrawingIsBottomUpSoTheTopIsSeenAndPlacesTheCursor() async throws {
        var stack = OverlayStack()
        stack.push(Probe(name: "quick open", level: .picker))
        stack.push(Probe(name: "help", level: .screen))
        stack.push(Other())
        var buffer = CellBuffer(width: 20, height: 3)
        let area = CellRect(column: 0, row: 1, columns: 20, rows: 2)
        let cursor = stack.draw(into: &buffer, in: area, context: try context(), cursor: .hidden)
        XCTAssertEqual(buffer.line(1).trimmingCharacters(in: .whitespaces), "quick open", "help is drawn first, below")
        XCTAssertEqual(cursor, ScreenCursor(row: 1, column: 10), "the highest overlay that places the cursor places it")
        XCTAssertEqual(OverlayStack().draw(into: &buffer, in: area, context: try context(), cursor: .hidden), .hidden)
    }

    func testTheTypedSubscriptChangesInPlaceOpensAndCloses() async {
        var stack = OverlayStack()
        stack.push(Probe(name: "help"))
        XCTAssertNil(stack[Other.self])
        stack[Other.self] = Other(value: 1)  // opens: a push
        stack.push(Probe(name: "top", level: .interaction))
        stack[Other.self]?.value = 2  // changes where it is
        XCTAssertEqual(names(stack), ["help", "other", "top"])
        XCTAssertEqual(stack[Other.self]?.value, 2)
        stack[Other.self] = nil
        XCTAssertEqual(names(stack), ["help", "top"])
        stack.remove(Probe.self)
        XCTAssertTrue(stack.isEmpty)
    }
}
