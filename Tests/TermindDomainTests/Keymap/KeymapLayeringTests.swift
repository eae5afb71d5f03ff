import TermindDomain
import XCTest

final class KeymapLayeringTests: XCTestCase {
    private let userPath = "/home/me/.config/termind/keymap"

    private func load(_ user: String) throws -> KeymapLoad {
        Keymap.load(defaults: try DefaultKeymapTests.defaultText(), user: (user, userPath))
    }

    func testTheUsersFileChangesOnlyWhatItNames() throws {
        let defaults = try load("").checked()
        let layered = try load("bind prefix | split-horizontal\nbind prefix x zoom\nunbind prefix 1\n").checked()

        XCTAssertEqual(layered.action(for: .afterPrefix(Key("|"))), .splitHorizontal)
        XCTAssertEqual(layered.action(for: .afterPrefix(Key("%"))), .splitHorizontal, "the default stays")
        XCTAssertEqual(layered.action(for: .afterPrefix(Key("x"))), .zoom)
        XCTAssertNil(layered.action(for: .afterPrefix(Key(.character("1")))))
        XCTAssertEqual(layered.bindings.count, defaults.bindings.count + 1 - 1)
    }

    func testChangingThePrefixKeepsPressingItTwiceToSendIt() throws {
        let keymap = try load("set prefix C-a").checked()
        let controlA = try Key(name: "C-a")
        XCTAssertEqual(keymap.prefix, controlA)
        XCTAssertEqual(keymap.actionAfterPrefix(controlA), .sendPrefix)
        XCTAssertNil(keymap.actionAfterPrefix(Keymap.defaultPrefix))
        XCTAssertEqual(keymap.helpRows().first?.keys, "C-a %")
    }

    func testUnbindAllStartsFromNothing() throws {
        let keymap = try load("unbind-all\nbind prefix q quit").checked()
        XCTAssertEqual(keymap.bindings, [.afterPrefix(Key("q")): .quit])
        XCTAssertEqual(keymap.prefix, Keymap.defaultPrefix)
    }

    func testProblemsInTheUsersFileNameItsPathAndTheRestStillApplies() throws {
        let load = try load("bind prefix | split-horizontal\nbind prefix y nope\n")
        XCTAssertEqual(load.problems.map(\.description), ["\(userPath):2: unknown action 'nope' (show-help lists them all)"])
        XCTAssertEqual(load.keymap.action(for: .afterPrefix(Key("|"))), .splitHorizontal)
        XCTAssertThrowsError(try load.checked()) { error in
            XCTAssertEqual((error as? KeymapFileError)?.problems, load.problems)
        }
    }

    func testBindingThePrefixKeyOnItsOwnIsReportedAndDropped() throws {
        let load = try load("\nbind C-\\ zoom")
        XCTAssertEqual(load.problems.map(\.line), [2])
        XCTAssertEqual(load.problems.first?.file, userPath)
        XCTAssertTrue(load.problems.first?.message.contains("is the prefix key") ?? false)
        XCTAssertNil(load.keymap.action(for: .direct(Keymap.defaultPrefix)))
    }

    func testEqualBindingsFromDifferentFilesMakeEqualKeymaps() throws {
        let once = Keymap.load(layering: [KeymapFile(parsing: "bind prefix z zoom", name: "a")]).keymap
        let again = Keymap.load(layering: [KeymapFile(parsing: "\n\nbind prefix z zoom", name: "b")]).keymap
        XCTAssertEqual(once, again)
    }
}
