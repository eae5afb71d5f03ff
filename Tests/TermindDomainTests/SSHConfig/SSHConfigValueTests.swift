import TermindDomain
import XCTest

/// Which value wins, how values are expanded, and what is imported or only reported.
final class SSHConfigValueTests: XCTestCase {
    func testFirstValueObtainedWinsAcrossBlocks() {
        let fixture = SSHConfigFixture(config: """
            Host app
              User first
              User second
              HostName first.example.com
            Host app
              User third
              HostName second.example.com
              Port 2200
            """)
        let app = fixture.host("app")
        XCTAssertEqual(app?.user, "first")
        XCTAssertEqual(app?.hostname, "first.example.com")
        XCTAssertEqual(app?.port, 2200)
    }

    func testServerAliveValuesResolveFirstWinsWithSSHTimeUnits() {
        let fixture = SSHConfigFixture(config: """
            Host app
              ServerAliveInterval 1m30s
            Host *
              ServerAliveInterval 10
              ServerAliveCountMax 4
            """)
        XCTAssertEqual(fixture.host("app")?.serverAliveInterval, 90)
        XCTAssertEqual(fixture.host("app")?.serverAliveCountMax, 4)
        XCTAssertEqual(fixture.resolve("other").serverAliveInterval, 10)
    }

    func testIdentityFilesAccumulateInOrderWithoutRepeatingTheSameValue() {
        let fixture = SSHConfigFixture(config: """
            Host app
              IdentityFile ~/.ssh/app
              IdentityFile ~/.ssh/shared
            Host *
              IdentityFile ~/.ssh/shared
              IdentityFile /home/alice/.ssh/app
            """)
        XCTAssertEqual(
            fixture.host("app")?.identityFiles,
            ["/home/alice/.ssh/app", "/home/alice/.ssh/shared", "/home/alice/.ssh/app"],
            "OpenSSH compares the values as written, before expansion")
    }

    func testHostNameExpandsPercentHAndPercentPercent() {
        let fixture = SSHConfigFixture(config: """
            Host web db
              HostName %h.Internal.Example.com
            Host odd
              HostName 100%%-%h
            """)
        XCTAssertEqual(fixture.host("web")?.hostname, "web.internal.example.com")
        XCTAssertEqual(fixture.host("odd")?.hostname, "100%-odd")
    }

    func testHostNameWithAnotherTokenIsANoteAndTheHostIsNotImported() {
        let fixture = SSHConfigFixture(config: "Host web\n  HostName %h-%p\nHost db\n")
        let resolution = fixture.read()
        XCTAssertEqual(fixture.resolve("web").hostname, "%h-%p")
        XCTAssertEqual(resolution.hosts.map(\.alias), ["db"], "ssh -G web stops on the unknown token; db is fine")
        XCTAssertNil(resolution.refusal)
        XCTAssertEqual(resolution.notes.map(\.keyword), ["HostName", "HostName"])
        XCTAssertEqual(resolution.notes.map(\.location.line), [2, 2])
        XCTAssertTrue(resolution.notes[1].message.contains("OpenSSH refuses web"), "\(resolution.notes)")
    }

    func testIdentityFileTokensAreExpandedAsSSHExpandsThem() {
        let fixture = SSHConfigFixture(config: """
            Host web
              HostName Web.Example.COM
              User deploy
              Port 2222
              IdentityFile ~/.ssh/%h_%p_%r
              IdentityFile %d/keys/%u@%L_%l_%n_%%
              IdentityFile ~
              IdentityFile ~alice/k
            """)
        XCTAssertEqual(fixture.host("web")?.identityFiles, [
            "/home/alice/.ssh/web.example.com_2222_deploy",
            "/home/alice/keys/alice@desk_desk.example.org_web_%",
            "/home/alice/",
            "/home/alice/k",
        ])
    }

    func testIdentityFileConnectionHashAndKeyAlias() {
        let fixture = SSHConfigFixture(config: """
            Host web
              HostName web.example.com
              User deploy
              HostKeyAlias Web-Alias
              IdentityFile /k/%C
              IdentityFile /k/%k
            """)
        // SHA-1 of "desk.example.org" + "web.example.com" + "22" + "deploy".
        XCTAssertEqual(fixture.host("web")?.identityFiles, ["/k/c83c87319fbcefc81dd92d8f918495e725e8fa74", "/k/web-alias"])
    }

    func testIdentityFileThatCannotBeExpandedIsANoteAndKeptAsWritten() {
        var fixture = SSHConfigFixture(config: """
            Host web
              IdentityFile ~/.ssh/%x
              IdentityFile ${KEYS}/id
              IdentityFile ${MISSING}/id
              IdentityFile ~bob/id
              IdentityFile /k/%i
            """)
        fixture.files["/unused"] = ""
        var reader = fixture.reader
        reader.environment = ["KEYS": "/srv/keys"]
        let resolution = reader.read(fixture.configPath)
        XCTAssertEqual(
            resolution.hosts.first?.identityFiles,
            ["~/.ssh/%x", "/srv/keys/id", "${MISSING}/id", "~bob/id", "/k/%i"])
        XCTAssertEqual(resolution.notes.map(\.location.line), [2, 4, 5, 6])
        reader.localUserID = 1000
        XCTAssertEqual(reader.read(fixture.configPath).hosts.first?.identityFiles.last, "/k/1000")
    }

    func testAddressesAreNotLowercasedAndNumericFormsAreCanonical() {
        let fixture = SSHConfigFixture(config: """
            Host v4
              HostName 192.0.2.10
            Host octal
              HostName 010.1.1.1
            Host short
              HostName 127.1
            Host hex
              HostName 0x7f.1
            Host v6
              HostName FE80:0:0::1
            Host v6upper
              HostName 2001:DB8::
            Host mapped
              HostName ::FFFF:192.0.2.1
            Host dotted
              HostName 1.2.3.4.
            """)
        let hostnames = Dictionary(uniqueKeysWithValues: fixture.read().hosts.map { ($0.alias, $0.hostname) })
        XCTAssertEqual(hostnames, [
            "v4": "192.0.2.10", "octal": "8.1.1.1", "short": "127.0.0.1", "hex": "127.0.0.1", "v6": "fe80::1",
            "v6upper": "2001:DB8::", "mapped": "::FFFF:192.0.2.1", "dotted": "1.2.3.4.",
        ])
    }

    func testProxyJumpHopsAreSplitAndParsed() {
        let fixture = SSHConfigFixture(config: """
            Host app
              ProxyJump bastion,ops@gw.example.com:2222,ssh://deploy@edge:2200,[2001:db8::1]:22
            Host bastion
            Host off
              ProxyJump none
            Host trailing
              ProxyJump first,second # the rest is a comment
            """)
        let app = fixture.host("app")
        XCTAssertEqual(app?.proxyJump, ["bastion", "ops@gw.example.com:2222", "ssh://deploy@edge:2200", "[2001:db8::1]:22"])
        XCTAssertEqual(app?.proxyJumpHops, [
            SSHConfigJumpHop(host: "bastion"),
            SSHConfigJumpHop(user: "ops", host: "gw.example.com", port: 2222),
            SSHConfigJumpHop(user: "deploy", host: "edge", port: 2200),
            SSHConfigJumpHop(host: "2001:db8::1", port: 22),
        ])
        XCTAssertEqual(app?.proxyJumpHops.last?.description, "[2001:db8::1]:22")
        XCTAssertEqual(fixture.host("bastion")?.proxyJump, [])
        XCTAssertEqual(fixture.host("off")?.proxyJump, [])
        XCTAssertEqual(fixture.host("trailing")?.proxyJump, ["first", "second"])
    }

    func testProxyJumpNoneWinsOverALaterJump() {
        let fixture = SSHConfigFixture(config: "Host a\n  ProxyJump none\nHost *\n  ProxyJump gw\n")
        XCTAssertEqual(fixture.host("a")?.proxyJump, [])
    }

    func testInvalidProxyJumpIsANoteEvenInABlockThatDoesNotApplyAndRefusesTheConfiguration() {
        let fixture = SSHConfigFixture(config: """
            Host a
            Host other
              ProxyJump gw, second
            Host *
              ProxyJump gw,,x
              ProxyJump good
            """)
        let resolution = fixture.read()
        XCTAssertEqual(fixture.resolve("a").proxyJump, ["good"])
        XCTAssertEqual(resolution.notes.map(\.location.line), [3, 5])
        XCTAssertEqual(resolution.hosts, [])
        XCTAssertEqual(resolution.refusal?.location.line, 3)
    }

    func testProxyCommandIsReportedAndAFirstProxyCommandDisablesProxyJump() {
        let fixture = SSHConfigFixture(config: """
            Host legacy
              ProxyCommand ssh -W %h:%p gw
              ProxyJump gw
            Host modern
              ProxyJump gw
              ProxyCommand nc %h %p
            Host cleared
              ProxyCommand none
              ProxyJump gw
            """)
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts.map(\.proxyJump), [[], ["gw"], []])
        XCTAssertEqual(resolution.notes.map(\.location.line), [2, 6])
        XCTAssertEqual(resolution.notes.map(\.keyword), ["ProxyCommand", "ProxyCommand"])
        XCTAssertTrue(resolution.notes.allSatisfy { $0.message.contains("not imported") })
    }

    func testCommandKeywordsAreReportedAsNotImportedWithFileAndLine() {
        let fixture = SSHConfigFixture(config: """
            Host a
              PermitLocalCommand yes
              LocalCommand echo connected to %h
              RemoteCommand tmux attach
              KnownHostsCommand /usr/bin/fetch-keys %H
              RemoteCommand none
            """)
        let notes = fixture.read().notes
        XCTAssertEqual(notes.map(\.keyword), ["LocalCommand", "RemoteCommand", "KnownHostsCommand"])
        XCTAssertEqual(notes.map(\.location), (3...5).map { SSHConfigLocation(file: fixture.configPath, line: $0) })
    }

    func testNotesAreListedOnceInReadingOrder() {
        let fixture = SSHConfigFixture(
            config: "Include extra\nHost a b\n  Bogus 1\n",
            others: ["extra": "Host c\n  ProxyCommand nc %h %p\n"])
        let notes = fixture.read().notes
        XCTAssertEqual(notes.map(\.location), [
            SSHConfigLocation(file: "/home/alice/.ssh/config", line: 3),
            SSHConfigLocation(file: "/home/alice/.ssh/extra", line: 2),
        ])
    }

    func testProxyJumpURIIsKeptAsSSHGPrintsIt() {
        let fixture = SSHConfigFixture(config: """
            Host one
              ProxyJump ssh://user@host:2200
            Host chain
              ProxyJump x,ssh://u@h:22,ssh://h2.
            Host encoded
              ProxyJump ssh://jump%2Buser;fp=x@Jump.Example.COM/
            Host numeric
              ProxyJump ssh://10.0.0.1:ssh
            """)
        XCTAssertEqual(fixture.host("one")?.proxyJump, ["user@host:2200"])
        XCTAssertEqual(fixture.host("chain")?.proxyJump, ["x", "ssh://u@h:22", "h2"], "ssh -G prints only the last hop parsed")
        XCTAssertEqual(fixture.host("encoded")?.proxyJump, ["jump+user@Jump.Example.COM"])
        XCTAssertEqual(fixture.host("numeric")?.proxyJump, ["[10.0.0.1]:22"])
        XCTAssertEqual(fixture.host("one")?.proxyJumpHops, [SSHConfigJumpHop(user: "user", host: "host", port: 2200)])
    }

    func testAHostThatJumpsThroughItselfIsNotImported() {
        let fixture = SSHConfigFixture(config: """
            Host gw
              ProxyJump gw
            Host other
              Port 2222
              ProxyJump other
            """)
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts.map(\.alias), ["other"], "ssh -G gw stops with \"jumphost loop via gw\"; other differs in port")
        XCTAssertEqual(resolution.notes.map(\.location.line), [2, 2])
        XCTAssertTrue(resolution.notes[0].message.contains("jumphost loop"), "\(resolution.notes)")
    }

    func testAnUnexpandableValueSSHExpandsFirstLeavesOutOnlyTheNamesItAppliesTo() {
        let fixture = SSHConfigFixture(config: """
            Host web
              ControlPath ~/.ssh/cm-%q
            Host db
              ControlPath none
            Host db web ok
              UserKnownHostsFile ~/.ssh/kh-%h
              LocalForward /tmp/fwd-%h.sock /run/app.sock
            Host ci
              IdentityAgent /run/%z/agent
            """)
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts.map(\.alias), ["db", "ok"])
        XCTAssertNil(resolution.refusal)
        let refused = resolution.notes.filter(\.refusedByOpenSSH)
        XCTAssertEqual(refused.map(\.keyword), ["ControlPath", "IdentityAgent"])
        XCTAssertEqual(refused.map(\.location.line), [2, 9])
    }
}
