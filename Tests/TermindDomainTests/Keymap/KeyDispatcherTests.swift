import TermindDomain
import XCTest

final class KeyDispatcherTests: XCTestCase {
    private var dispatcher: KeyDispatcher {
        get throws { KeyDispatcher(keymap: try Keymap.load(defaults: DefaultKeymapTests.defaultText(), user: nil).checked()) }
    }
    private let prefix = Keymap.defaultPrefix

    func testPrefixThenAKeyPerformsItsAction() throws {
        var dispatcher = try self.dispatcher
        XCTAssertEqual(dispatcher.handle(prefix), .awaitingKey)
        XCTAssertTrue(dispatcher.isAwaitingKey)
        XCTAssertEqual(dispatcher.handle(Key("%")), .perform(.splitHorizontal))
        XCTAssertFalse(dispatcher.isAwaitingKey)
    }

    func testPrefixTwiceSendsThePrefix() throws {
        var dispatcher = try self.dispatcher
        _ = dispatcher.handle(prefix)
        XCTAssertEqual(dispatcher.handle(prefix), .perform(.sendPrefix))
        XCTAssertEqual(dispatcher.handle(prefix), .awaitingKey, "a third press starts over")
    }

    func testADirectBindingOfTheUsersNeedsNoPrefixAndTheDefaultsLeaveAltKeysToThePane() throws {
        var defaults = try self.dispatcher
        XCTAssertEqual(defaults.handle(Key(.left, modifiers: .alt)), .passThrough, "readline's")
        XCTAssertEqual(defaults.handle(Key(.character("3"), modifiers: .alt)), .passThrough, "irssi's")
        let layered = try Keymap.load(
            defaults: DefaultKeymapTests.defaultText(), user: ("bind M-Left focus-left\n", "/home/me/.config/termind/keymap")).checked()
        var dispatcher = KeyDispatcher(keymap: layered)
        XCTAssertEqual(dispatcher.handle(Key(.left, modifiers: .alt)), .perform(.focus(.left)))
    }

    func testEverythingElseGoesToThePane() throws {
        var dispatcher = try self.dispatcher
        XCTAssertEqual(dispatcher.handle(Key("%")), .passThrough)
        XCTAssertEqual(dispatcher.handle(Key.control("b")), .passThrough, "a remote tmux's prefix passes through")
        XCTAssertEqual(dispatcher.handle(Key.control("a")), .passThrough)
        XCTAssertEqual(dispatcher.handle(Key(.left)), .passThrough)
    }

    func testAnUnboundKeyAfterThePrefixIsDroppedAndTheNextKeyPassesThrough() throws {
        var dispatcher = try self.dispatcher
        _ = dispatcher.handle(prefix)
        XCTAssertEqual(dispatcher.handle(Key("Z")), .unbound)
        XCTAssertEqual(dispatcher.handle(Key("%")), .passThrough)
    }

    func testResetForgetsAPressedPrefix() throws {
        var dispatcher = try self.dispatcher
        _ = dispatcher.handle(prefix)
        dispatcher.reset()
        XCTAssertEqual(dispatcher.handle(Key("%")), .passThrough)
    }
}
