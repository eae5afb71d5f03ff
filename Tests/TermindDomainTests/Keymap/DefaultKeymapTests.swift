import Foundation
import TermindDomain
import XCTest

/// The shipped `Resources/keymap.default`, read from the source tree.
final class DefaultKeymapTests: XCTestCase {
    static func defaultText() throws -> String {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(
            contentsOf: root.appendingPathComponent("Resources").appendingPathComponent(KeymapFile.defaultFileName),
            encoding: .utf8)
    }

    private func keymap() throws -> Keymap {
        try Keymap.load(defaults: Self.defaultText(), user: nil).checked()
    }

    func testTheDefaultFileParsesWithoutProblems() throws {
        let file = KeymapFile(parsing: try Self.defaultText(), name: KeymapFile.defaultFileName)
        XCTAssertEqual(file.problems, [])
        XCTAssertNoThrow(try keymap())
    }

    func testEveryActionIsBound() throws {
        let bound = Set(try keymap().bindings.values.map(\.name))
        XCTAssertEqual(KeyAction.Name.allCases.filter { !bound.contains($0) }, [])
    }

    func testThePrefixIsControlBackslashAndPressingItTwiceSendsIt() throws {
        let keymap = try keymap()
        XCTAssertEqual(keymap.prefix, Keymap.defaultPrefix)
        XCTAssertEqual(keymap.prefix.description, "C-\\")
        XCTAssertEqual(keymap.actionAfterPrefix(keymap.prefix), .sendPrefix)
    }

    func testTmuxHandsFindTheirKeys() throws {
        let keymap = try keymap()
        let expected: [(KeyTrigger, KeyAction)] = [
            (.afterPrefix(Key("%")), .splitHorizontal),
            (.afterPrefix(Key("\"")), .splitVertical),
            (.afterPrefix(Key("x")), .closePane),
            (.afterPrefix(Key("z")), .zoom),
            (.afterPrefix(Key("c")), .newWorkspace),
            (.afterPrefix(Key("n")), .nextWorkspace),
            (.afterPrefix(Key("p")), .previousWorkspace),
            (.afterPrefix(Key(",")), .renameWorkspace),
            (.afterPrefix(Key("o")), .focusNext),
            (.afterPrefix(Key("[")), .copyMode),
            (.afterPrefix(Key("/")), .find),
            (.afterPrefix(Key("]")), .paste),
            (.afterPrefix(Key("?")), .showHelp),
            (.afterPrefix(Key(.left)), .focus(.left)),
            (.afterPrefix(Key(.left, modifiers: .control)), .resize(.left, cells: 1)),
            (.afterPrefix(Key(.left, modifiers: .alt)), .resize(.left, cells: 5)),
        ]
        for (trigger, action) in expected {
            XCTAssertEqual(keymap.action(for: trigger), action, "\(trigger)")
        }
    }

    func testNothingIsBoundWithoutThePrefixSoAltArrowsAndAltDigitsReachThePane() throws {
        let direct = try keymap().bindings.keys.compactMap { trigger -> Key? in
            if case .direct(let key) = trigger { return key }
            return nil
        }
        XCTAssertEqual(direct, [], "readline and irssi use M-1…9 and M-arrows")
    }

    func testThePrefixThenADigitShowsThatWorkspace() throws {
        let keymap = try keymap()
        for number in 1...9 {
            let digit = Key.Code.character(Character(String(number)))
            XCTAssertNil(keymap.action(for: .direct(Key(digit, modifiers: .alt))))
            XCTAssertEqual(keymap.action(for: .afterPrefix(Key(digit))), .selectWorkspace(number))
        }
    }

    func testHelpListsEveryBindingOnceInAStableOrder() throws {
        let keymap = try keymap()
        let rows = keymap.helpRows()

        XCTAssertEqual(rows.map(\.action), rows.map(\.action).sorted { lhs, rhs in
            let names = KeyAction.Name.allCases
            let (l, r) = (names.firstIndex(of: lhs.name)!, names.firstIndex(of: rhs.name)!)
            return l != r ? l < r : (lhs.argument ?? 0) < (rhs.argument ?? 0)
        })
        XCTAssertEqual(Set(rows.map(\.action)).count, rows.count, "one row per action")
        let listedKeys = rows.flatMap { $0.keys.components(separatedBy: ", ") }
        XCTAssertEqual(listedKeys.count, keymap.bindings.count, "every binding listed once")
        XCTAssertEqual(rows.first, KeymapHelpRow(
            keys: "C-\\ %", action: .splitHorizontal, description: "Split the pane side by side; the new pane opens on the right"))
        XCTAssertEqual(rows.first { $0.action == .focus(.left) }?.keys, "C-\\ Left")
        XCTAssertEqual(rows.first { $0.action == .sendPrefix }?.keys, "C-\\ C-\\")
        XCTAssertEqual(rows.first { $0.action == .scrollMode }?.keys, "C-\\ PageUp")
        XCTAssertEqual(rows.first { $0.action == .copyMode }?.keys, "C-\\ [")
        XCTAssertEqual(rows.last?.action.name, KeyAction.Name.allCases.last { name in rows.contains { $0.action.name == name } })
        XCTAssertEqual(rows.first { $0.action == .history }?.keys, "C-\\ h")
        XCTAssertEqual(keymap.helpRows(), rows)
    }
}
