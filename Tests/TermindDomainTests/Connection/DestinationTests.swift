import TermindDomain
import XCTest

/// `[user@]hostname[:port]` and the `HOST:` of `HOST:PATH`, read in one place.
final class DestinationTests: XCTestCase {
    private func parse(_ text: String) throws -> Destination { try Destination(parsing: text) }

    private func assertRefused(
        _ text: String, as expected: DestinationSyntaxError, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try parse(text), file: file, line: line) { error in
            XCTAssertEqual(error as? DestinationSyntaxError, expected, file: file, line: line)
        }
    }

    private func split(_ text: String) throws -> [String]? {
        try Destination.splitRemotePath(text).map { [$0.destination, $0.path] }
    }

    func testUserHostnameAndPortAreReadAndAMissingPortIsNil() throws {
        XCTAssertEqual(try parse("deploy@10.0.0.5:2222"), Destination(username: "deploy", hostname: "10.0.0.5", port: 2222))
        XCTAssertEqual(try parse("web.example.com"), Destination(username: nil, hostname: "web.example.com", port: nil))
        XCTAssertEqual(try parse("first.last@corp@jump").username, "first.last@corp")
        XCTAssertEqual(try parse("ssh://ops@web:2200/"), Destination(username: "ops", hostname: "web", port: 2200))
    }

    func testIPv6AddressesTakeAPortOnlyInBrackets() throws {
        XCTAssertEqual(try parse("root@[::1]:2222"), Destination(username: "root", hostname: "::1", port: 2222))
        XCTAssertEqual(try parse("[fe80::1%eth0]"), Destination(username: nil, hostname: "fe80::1%eth0", port: nil))
        XCTAssertEqual(try parse("2001:db8::10"), Destination(username: nil, hostname: "2001:db8::10", port: nil))
        XCTAssertEqual(try parse("::ffff:192.0.2.1").hostname, "::ffff:192.0.2.1")
    }

    func testEachMalformedShapeHasItsOwnReason() {
        assertRefused("", as: .empty)
        assertRefused("@web", as: .noUserBeforeAt)
        assertRefused("deploy@", as: .noHostname)
        assertRefused("web:", as: .badPort(""))
        assertRefused("web:65536", as: .badPort("65536"))
        assertRefused("web:/var/log", as: .badPort("/var/log"))
        assertRefused("[::1", as: .unclosedBracket)
        assertRefused("[::1]x", as: .textAfterBracket)
        assertRefused("[:zz:]:22", as: .notIPv6InBrackets(":zz:"))
        assertRefused("1:2:zz", as: .bareColons)
        assertRefused("web]", as: .bracketsInside)
    }

    func testAPasswordInTheUserIsNeverKept() {
        assertRefused("deploy:hunter2@web", as: .passwordInUser("deploy"))
        XCTAssertFalse(DestinationSyntaxError.passwordInUser("deploy").reason.contains("hunter2"))
    }

    func testRemotePathsSplitWhereTheDestinationEnds() throws {
        XCTAssertEqual(try split("web:/srv/app"), ["web", "/srv/app"])
        XCTAssertEqual(try split("deploy@10.0.0.5:2222:/srv"), ["deploy@10.0.0.5:2222", "/srv"])
        XCTAssertEqual(try split("[::1]:2222:/srv"), ["[::1]:2222", "/srv"])
        XCTAssertEqual(try split("[::1]:/srv"), ["[::1]", "/srv"])
        XCTAssertEqual(try split("root@[::1]:2222:/srv"), ["root@[::1]:2222", "/srv"])
        XCTAssertEqual(try split("web:"), ["web", ""])
        XCTAssertEqual(try split("web:2222:"), ["web:2222", ""])
    }

    func testLocalPathsDoNotSplit() throws {
        XCTAssertNil(try split("notes.txt"))
        XCTAssertNil(try split("dir/a:b"))
        XCTAssertNil(try split("/tmp/a:b"))
        XCTAssertNil(try split("a@[1].txt"))
    }

    func testAHostPathSplitThatCannotBeReadSaysWhy() {
        XCTAssertThrowsError(try split(":/srv")) { XCTAssertEqual($0 as? DestinationSyntaxError, .noHostBeforeColon) }
        XCTAssertThrowsError(try split("[::1/srv")) { XCTAssertEqual($0 as? DestinationSyntaxError, .unclosedBracket) }
        XCTAssertThrowsError(try split("[::1]/srv")) { XCTAssertEqual($0 as? DestinationSyntaxError, .noPathAfterBracket) }
    }

    func testWhatASplitGivesReadsAsADestination() throws {
        for argument in ["deploy@10.0.0.5:2222:/srv", "[::1]:2222:/srv", "root@[fe80::1%eth0]:/x", "web:22:/"] {
            let destination = try XCTUnwrap(try Destination.splitRemotePath(argument)).destination
            XCTAssertNoThrow(try parse(destination), argument)
        }
    }
}
