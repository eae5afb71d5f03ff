import TermindDomain
import XCTest

/// `Host` patterns: wildcards, negation, case, and which aliases are listed.
final class SSHConfigHostPatternTests: XCTestCase {
    func testWildcardsMatchAnyRunAndOneCharacter() {
        let fixture = SSHConfigFixture(config: """
            Host web?
              User web
            Host *.internal
              User internal
            Host db1 web1.internal
            """)
        XCTAssertEqual(fixture.resolve("web1").user, "web")
        XCTAssertEqual(fixture.resolve("web12").user, nil)
        XCTAssertEqual(fixture.resolve("db.internal").user, "internal")
        XCTAssertEqual(fixture.host("web1.internal")?.user, "internal")
        XCTAssertEqual(fixture.host("db1")?.user, nil)
    }

    func testNegatedMatchExcludesTheWholeBlock() {
        let fixture = SSHConfigFixture(config: """
            Host *.example.com !bastion.example.com
              ProxyJump bastion.example.com
            Host app.example.com bastion.example.com
            """)
        XCTAssertEqual(fixture.host("app.example.com")?.proxyJump, ["bastion.example.com"])
        XCTAssertEqual(fixture.host("bastion.example.com")?.proxyJump, [])
    }

    func testNegationExcludesEvenWhenAPositivePatternMatchedFirst() {
        let fixture = SSHConfigFixture(config: """
            Host prod !prod
              User never
            Host prod
            """)
        XCTAssertNil(fixture.host("prod")?.user)
    }

    func testHostLineWithOnlyNegationsNeverMatches() {
        let fixture = SSHConfigFixture(config: """
            Host !staging
              User nobody
            Host prod staging
            """)
        XCTAssertNil(fixture.host("prod")?.user)
        XCTAssertNil(fixture.host("staging")?.user)
    }

    func testHostPatternsAreCaseSensitiveAndTheHostnameIsLowercased() {
        let fixture = SSHConfigFixture(config: """
            Host Web
              User web
            """)
        XCTAssertEqual(fixture.host("Web")?.user, "web")
        XCTAssertEqual(fixture.host("Web")?.hostname, "web")
        XCTAssertNil(fixture.resolve("web").user)
    }

    func testConcreteAliasesAreListedOnceAtTheirFirstHostLine() {
        let fixture = SSHConfigFixture(config: """
            Host * !skip
              ServerAliveInterval 30
            Host a b
              User ab
            Host web-? b c
              User c
            """)
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts.map(\.alias), ["a", "b", "c"])
        XCTAssertEqual(resolution.hosts.map(\.location.line), [3, 3, 5])
        XCTAssertEqual(resolution.hosts.map(\.user), ["ab", "ab", "c"])
    }

    func testHostStarDefaultsAtTheStartWinOverLaterBlocks() {
        let fixture = SSHConfigFixture(config: """
            Host *
              User default
              Port 2222
            Host app
              User app
              HostName app.example.com
            """)
        let app = fixture.host("app")
        XCTAssertEqual(app?.user, "default")
        XCTAssertEqual(app?.port, 2222)
        XCTAssertEqual(app?.hostname, "app.example.com")
    }

    func testHostStarDefaultsAtTheEndFillOnlyWhatIsUnset() {
        let fixture = SSHConfigFixture(config: """
            Host app
              User app
            Host *
              User default
              Port 2222
            """)
        XCTAssertEqual(fixture.host("app")?.user, "app")
        XCTAssertEqual(fixture.host("app")?.port, 2222)
    }

    func testDefaultsWhenTheConfigurationSetsNothing() {
        let fixture = SSHConfigFixture(config: "Host bare\n")
        XCTAssertEqual(
            fixture.host("bare"),
            SSHConfigHost(alias: "bare", hostname: "bare", location: SSHConfigLocation(file: fixture.configPath, line: 1)))
    }

    func testResolvingANameWithoutAHostLineHasNoLine() {
        let fixture = SSHConfigFixture(config: "Host *\n  User any\n")
        XCTAssertEqual(fixture.resolve("elsewhere").location, SSHConfigLocation(file: fixture.configPath, line: 0))
        XCTAssertEqual(fixture.resolve("elsewhere").user, "any")
    }
}
