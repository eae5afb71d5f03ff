import TermindApplication
import TermindDomain
import XCTest

final class AdHocTargetTests: XCTestCase {
    private func parse(_ text: String, loginName: String? = nil) throws -> AdHocTarget {
        try AdHocTarget(parsing: text, loginName: loginName)
    }

    private func assertInvalid(_ text: String, mentioning fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(text), file: file, line: line) { error in
            guard let error = error as? AdHocTargetError else { return XCTFail("threw \(error)", file: file, line: line) }
            XCTAssertEqual(error.exitCode, .usage, file: file, line: line)
            XCTAssertTrue(error.description.contains(fragment), error.description, file: file, line: line)
        }
    }

    func testAHostnameAloneHasNoUserAndPort22() throws {
        let target = try parse("web.example.com")
        XCTAssertNil(target.username)
        XCTAssertEqual(target.hostname, "web.example.com")
        XCTAssertEqual(target.port, 22)
        XCTAssertEqual(target.label(username: "me"), "me@web.example.com:22")
    }

    func testUserHostAndPortAreRead() throws {
        let target = try parse("deploy@10.0.0.5:2222")
        XCTAssertEqual(target.username, "deploy")
        XCTAssertEqual(target.hostname, "10.0.0.5")
        XCTAssertEqual(target.port, 2222)
    }

    func testTheUserIsLeftOfTheLastAt() throws {
        XCTAssertEqual(try parse("first.last@corp@jump.example.com").username, "first.last@corp")
    }

    func testLoginNameWinsOverTheUserInTheDestination() throws {
        XCTAssertEqual(try parse("alice@web", loginName: "bob").username, "bob")
        XCTAssertEqual(try parse("web", loginName: "bob").username, "bob")
    }

    func testAnIPv6AddressInBracketsTakesAPort() throws {
        let target = try parse("root@[::1]:2222")
        XCTAssertEqual(target.hostname, "::1")
        XCTAssertEqual(target.port, 2222)
        XCTAssertTrue(target.isIPv6)
        XCTAssertEqual(target.label(username: "root"), "root@[::1]:2222")
        XCTAssertEqual(try parse("[fe80::1%eth0]").hostname, "fe80::1%eth0")
    }

    func testABareIPv6AddressHasNoPort() throws {
        let target = try parse("2001:db8::10")
        XCTAssertEqual(target.hostname, "2001:db8::10")
        XCTAssertEqual(target.port, 22)
        XCTAssertEqual(try parse("::1").hostname, "::1")
        XCTAssertEqual(try parse("fe80::1%eth0").hostname, "fe80::1%eth0")
        XCTAssertEqual(try parse("::ffff:192.0.2.1").hostname, "::ffff:192.0.2.1")
    }

    func testAnSSHURLIsRead() throws {
        let target = try parse("ssh://ops@web.example.com:2200/")
        XCTAssertEqual(target.username, "ops")
        XCTAssertEqual(target.hostname, "web.example.com")
        XCTAssertEqual(target.port, 2200)
    }

    func testBadDestinationsSayWhatIsWrong() {
        assertInvalid("", mentioning: "empty")
        assertInvalid("@web", mentioning: "no user name")
        assertInvalid("deploy@", mentioning: "no hostname")
        assertInvalid("web:", mentioning: "port ''")
        assertInvalid("web:0", mentioning: "port '0'")
        assertInvalid("web:65536", mentioning: "port '65536'")
        assertInvalid("web:/var/log", mentioning: "port '/var/log'")
        assertInvalid("[::1", mentioning: "']'")
        assertInvalid("[::1]x", mentioning: "':port'")
        assertInvalid("[::1]:", mentioning: "port ''")
        assertInvalid("[:zz:]:22", mentioning: "IPv6")
        assertInvalid("1:2:zz", mentioning: "brackets")
        assertInvalid("web]", mentioning: "brackets")
        assertInvalid("-oProxyCommand=sh", mentioning: "'-'")
        assertInvalid("web example", mentioning: "whitespace")
    }

    func testBadUserNamesAreRefused() {
        XCTAssertThrowsError(try parse("web", loginName: "-oProxyCommand")) { error in
            XCTAssertEqual(error as? AdHocTargetError, .invalidUser("-oProxyCommand", reason: "it cannot start with '-'"))
        }
        XCTAssertThrowsError(try parse("web", loginName: "")) { error in
            XCTAssertEqual((error as? AdHocTargetError)?.exitCode, .usage)
        }
    }

    func testAPasswordInTheDestinationIsRefusedWithoutRepeatingIt() {
        XCTAssertThrowsError(try parse("deploy:hunter2@web")) { error in
            let text = "\(error)"
            XCTAssertFalse(text.contains("hunter2"), text)
            XCTAssertTrue(text.contains("deploy"), text)
            XCTAssertTrue(text.contains("password"), text)
        }
    }
}
