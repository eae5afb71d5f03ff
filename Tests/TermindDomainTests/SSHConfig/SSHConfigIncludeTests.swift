import TermindDomain
import XCTest

/// `Include`: paths, globs, conditional includes, loops and depth.
final class SSHConfigIncludeTests: XCTestCase {
    func testRelativeIncludeIsReadFromDotSSHAndGlobsInSortedOrder() {
        let fixture = SSHConfigFixture(
            config: "Include config.d/*.conf\n",
            others: [
                "config.d/20-db.conf": "Host db\n  User db\n",
                "config.d/10-web.conf": "Host web\n  User web\nHost db\n  User first\n",
                "config.d/.hidden.conf": "Host hidden\n",
                "config.d/notes.txt": "Host notes\n",
            ])
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts.map(\.alias), ["web", "db"])
        XCTAssertEqual(resolution.hosts.map(\.user), ["web", "first"])
        XCTAssertEqual(
            resolution.hosts.map(\.location),
            [SSHConfigLocation(file: "/home/alice/.ssh/config.d/10-web.conf", line: 1),
             SSHConfigLocation(file: "/home/alice/.ssh/config.d/10-web.conf", line: 3)])
    }

    func testTildeAndAbsoluteIncludesAreFollowed() {
        let fixture = SSHConfigFixture(
            config: "Include ~/extra/one /etc/termind-test/two\n",
            others: ["/home/alice/extra/one": "Host one\n", "/etc/termind-test/two": "Host two\n"])
        XCTAssertEqual(fixture.read().hosts.map(\.alias), ["one", "two"])
    }

    func testIncludeInsideAHostBlockAppliesOnlyWhenTheBlockDoes() {
        let fixture = SSHConfigFixture(
            config: """
                Host bastion
                  Include bastion.conf
                Host app bastion
                """,
            others: ["bastion.conf": "User jump\nPort 2200\n"])
        XCTAssertEqual(fixture.host("bastion")?.user, "jump")
        XCTAssertEqual(fixture.host("bastion")?.port, 2200)
        XCTAssertNil(fixture.host("app")?.user)
        XCTAssertEqual(fixture.host("app")?.port, 22)
    }

    func testHostBlocksInsideAnIncludedFileDoNotChangeTheIncludingBlock() {
        let fixture = SSHConfigFixture(
            config: """
                Host app
                  Include inner.conf
                  User after-include
                Host other
                """,
            others: ["inner.conf": "Host nothing-matches\n  Port 1\n"])
        XCTAssertEqual(fixture.host("app")?.user, "after-include")
        XCTAssertEqual(fixture.host("app")?.port, 22)
    }

    func testHostsOfAFileIncludedUnderAnotherHostAreListedButItsBlocksNeverApply() {
        let fixture = SSHConfigFixture(
            config: """
                Host gateway
                  Include gateway.d/*
                """,
            others: ["gateway.d/inner": "Host inner\n  User inner\n"])
        XCTAssertEqual(fixture.read().hosts.map(\.alias), ["gateway", "inner"])
        XCTAssertNil(fixture.host("inner")?.user, "OpenSSH parses the file but applies nothing for inner")
    }

    func testIncludeLoopIsANoteNotACrashAndOpenSSHRefusesTheConfiguration() {
        let fixture = SSHConfigFixture(
            config: "Include a.conf\nHost top\n",
            others: ["a.conf": "Include b.conf\nHost a\n", "b.conf": "Include a.conf\nInclude config\nHost b\n"])
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts.map(\.alias), [], "ssh stops with \"Too many recursive configuration includes\"")
        XCTAssertEqual(resolution.refusal?.location, SSHConfigLocation(file: "/home/alice/.ssh/b.conf", line: 1))
        XCTAssertEqual(fixture.resolve("b").alias, "b", "every file is still read once")
        let loops = resolution.notes.filter { $0.message.contains("Include loop") }
        XCTAssertEqual(loops.map(\.location), [
            SSHConfigLocation(file: "/home/alice/.ssh/b.conf", line: 1),
            SSHConfigLocation(file: "/home/alice/.ssh/b.conf", line: 2),
        ])
        XCTAssertEqual(loops.map(\.keyword), ["Include", "Include"])
    }

    func testIncludesDeeperThanSixteenLevelsAreANoteAndOpenSSHRefusesTheConfiguration() {
        var others: [String: String] = [:]
        for level in 1...18 { others["level\(level)"] = "Include level\(level + 1)\nHost host\(level)\n" }
        let fixture = SSHConfigFixture(config: "Include level1\n", others: others)
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts.map(\.alias), [])
        XCTAssertEqual(resolution.refusal?.location, SSHConfigLocation(file: "/home/alice/.ssh/level16", line: 1))
        XCTAssertEqual(resolution.files, ["config"] .map { "/home/alice/.ssh/\($0)" } + (1...16).map { "/home/alice/.ssh/level\($0)" })
        let deep = resolution.notes.filter { $0.message.contains("deeper than 16") }
        XCTAssertEqual(deep.map(\.location), [SSHConfigLocation(file: "/home/alice/.ssh/level16", line: 1)])
    }

    func testAMissingLiteralIncludeIsANoteAndAnEmptyGlobIsNot() {
        let fixture = SSHConfigFixture(config: "Include missing.conf\nInclude none.d/*\nHost ok\n")
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts.map(\.alias), ["ok"])
        XCTAssertEqual(resolution.notes.map(\.location.line), [1])
    }

    func testTheSameFileIncludedTwiceIsReadTwiceAndItsAliasesListedOnce() {
        let fixture = SSHConfigFixture(
            config: "Host a\n  Include common\nHost b\n  Include common\n",
            others: ["common": "User shared\n"])
        XCTAssertEqual(fixture.host("a")?.user, "shared")
        XCTAssertEqual(fixture.host("b")?.user, "shared")
        XCTAssertEqual(fixture.read().notes, [])
    }

    func testIncludeUsesItsOwnHomeForTildeAndRelativePaths() {
        let files = [
            "/home/alice/.ssh/config": "Include extra\nHost one\n  IdentityFile ~/.ssh/id\n",
            "/tmp/fakehome/.ssh/extra": "Host extra\n",
        ]
        var reader = SSHConfigFixture(files).reader
        reader.includeHome = "/tmp/fakehome"
        let resolution = reader.read("/home/alice/.ssh/config")
        XCTAssertEqual(resolution.hosts.map(\.alias), ["extra", "one"])
        XCTAssertEqual(resolution.hosts.last?.identityFiles, ["/home/alice/.ssh/id"])
    }
}
