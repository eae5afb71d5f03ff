import TermindDomain
import XCTest

/// `Match` blocks: criteria, negation, `exec` never run, and the final pass.
final class SSHConfigMatchTests: XCTestCase {
    func testMatchAllAppliesToEveryHost() {
        let fixture = SSHConfigFixture(config: "Host a\nMatch all\n  User everyone\n")
        XCTAssertEqual(fixture.host("a")?.user, "everyone")
    }

    func testMatchHostComparesTheHostNameCaseInsensitively() {
        let fixture = SSHConfigFixture(config: """
            Host web
              HostName Web.Example.COM
            Match host *.example.com
              User matched-by-hostname
            """)
        XCTAssertEqual(fixture.host("web")?.user, "matched-by-hostname")
        XCTAssertEqual(fixture.host("web")?.hostname, "web.example.com")
    }

    func testMatchOriginalHostComparesTheNameAsGiven() {
        let fixture = SSHConfigFixture(config: """
            Host web
              HostName web.example.com
            Match originalhost web
              Port 2200
            Match originalhost web.example.com
              Port 1
            """)
        XCTAssertEqual(fixture.host("web")?.port, 2200)
    }

    func testMatchUserSeesTheUserObtainedSoFarElseTheLocalUser() {
        let fixture = SSHConfigFixture(config: """
            Host admin
              User root
            Match user root
              Port 2222
            Match user alice
              Port 2200
            Host plain
            """)
        XCTAssertEqual(fixture.host("admin")?.port, 2222)
        XCTAssertEqual(fixture.host("plain")?.port, 2200)
    }

    func testMatchLocalUserAndNegation() {
        let fixture = SSHConfigFixture(config: """
            Host a
            Match localuser alice !host b*
              User alice-on-a
            Match !localuser alice
              User never
            """)
        XCTAssertEqual(fixture.host("a")?.user, "alice-on-a")
        XCTAssertNil(fixture.resolve("bee").user)
    }

    func testMatchCriteriaAcceptEqualsAndCommaLists() {
        let fixture = SSHConfigFixture(config: "Host a b c\nMatch host=a,b,!c\n  User listed\n")
        XCTAssertEqual(fixture.read().hosts.map(\.user), ["listed", "listed", nil])
    }

    func testMatchExecIsNeverRunAndItsBlockIsTreatedAsNotMatching() {
        let fixture = SSHConfigFixture(config: """
            Host a
            Match exec "true"
              User from-exec
            Match !exec "false"
              Port 2200
            """)
        let resolution = fixture.read()
        XCTAssertNil(resolution.hosts.first?.user)
        XCTAssertEqual(resolution.hosts.first?.port, 22)
        XCTAssertEqual(resolution.notes.map(\.location.line), [2, 4])
        XCTAssertEqual(resolution.notes.map(\.keyword), ["Match", "Match"])
        XCTAssertTrue(resolution.notes.allSatisfy { $0.message.contains("never run") })
    }

    func testBadMatchConditionIsANoteAndItsBlockNeverApplies() {
        let fixture = SSHConfigFixture(config: """
            Host a
            Match tagged prod
              User tagged
            Match host
              User missing
            Match all host a
              User combined
            """)
        let resolution = fixture.read()
        XCTAssertNil(fixture.resolve("a").user)
        XCTAssertEqual(resolution.notes.map(\.location.line), [2, 4, 6])
        XCTAssertEqual(resolution.hosts, [], "OpenSSH refuses the configuration over a bad Match")
        XCTAssertEqual(resolution.refusal?.location.line, 2)
    }

    func testMatchFinalRereadsWithTheFinalHostNameForHostLines() {
        let fixture = SSHConfigFixture(config: """
            Host short
              HostName Long.Example.NET
            Match final host long.example.net
              User final-pass
            Host long.example.net
              Port 2200
            Match canonical
              IdentityFile ~/.ssh/canonical
            Match !final
              IdentityFile ~/.ssh/first-pass
            """)
        let short = fixture.host("short")
        XCTAssertEqual(short?.user, "final-pass")
        XCTAssertEqual(short?.port, 2200, "on the final pass Host lines see the final host name")
        XCTAssertEqual(short?.identityFiles, ["/home/alice/.ssh/first-pass", "/home/alice/.ssh/canonical"])
    }

    func testWithoutMatchFinalThereIsNoFinalPass() {
        let fixture = SSHConfigFixture(config: """
            Host short
              HostName long.example.net
            Host long.example.net
              Port 2200
            Match canonical
              User canonical
            """)
        XCTAssertEqual(fixture.host("short")?.port, 22)
        XCTAssertNil(fixture.host("short")?.user)
    }

    func testHostNameSetOnlyOnTheFinalPassIsIgnored() {
        let fixture = SSHConfigFixture(config: """
            Host a
            Match final
              HostName late.example.com
            """)
        XCTAssertEqual(fixture.host("a")?.hostname, "a")
    }

    func testCanonicalizeHostnameCausesAFinalPassWithoutDNSAndSaysSo() {
        let fixture = SSHConfigFixture(config: """
            Host a
              CanonicalizeHostname yes
            Match canonical
              User canonical
            """)
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts.first?.user, "canonical")
        XCTAssertEqual(resolution.hosts.first?.hostname, "a")
        XCTAssertEqual(resolution.notes.map(\.keyword), ["CanonicalizeHostname"])
    }

    func testANameOnlyInMatchOriginalhostIsOfferedWithItsResolvedValues() {
        let fixture = SSHConfigFixture(config: """
            Host web
              User deploy
            Match originalhost build,!web*,ci-* user deploy
              Port 2200
            Match originalhost Legacy
              HostName legacy.example.com
            Match !originalhost never
              User nobody
            Host *
              User fallback
            """)
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts.map(\.alias), ["web", "build", "Legacy"])
        XCTAssertEqual(resolution.hosts.map(\.location.line), [1, 3, 5])
        let build = resolution.hosts[1]
        XCTAssertEqual(build.user, "nobody", "as ssh -G build prints it")
        XCTAssertEqual(build.port, 22, "no User before that Match, so `user deploy` does not hold")
        XCTAssertEqual(resolution.hosts[2].hostname, "legacy.example.com")
        XCTAssertEqual(resolution.notes, [])
    }
}
