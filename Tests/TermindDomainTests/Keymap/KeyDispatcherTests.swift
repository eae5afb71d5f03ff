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

    func testDirectBindingsNeedNoPrefix() throws {
        var dispatcher = try self.dispatcher
        XCTAssertEqual(dispatcher.handle(Key(.left, modifiers: .alt)), .perform(.focus(.left)))
        XCTAssertEqual(dispatcher.handle(Key(.character("3"), modifiers: .alt)), .perform(.selectWorkspace(3)))
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
