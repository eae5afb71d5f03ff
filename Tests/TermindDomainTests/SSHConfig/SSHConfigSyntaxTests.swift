import TermindDomain
import XCTest

/// How lines are cut into keywords and values, and what a malformed line does.
final class SSHConfigSyntaxTests: XCTestCase {
    func testKeywordsAreCaseInsensitive() {
        let fixture = SSHConfigFixture(config: """
            HOST web
              hOsTnAmE web.example.com
              PORT 2200
              user deploy
            """)
        let web = fixture.host("web")
        XCTAssertEqual(web?.hostname, "web.example.com")
        XCTAssertEqual(web?.port, 2200)
        XCTAssertEqual(web?.user, "deploy")
        XCTAssertEqual(fixture.read().notes, [])
    }

    func testEqualsSignSeparatesKeywordAndValueWithOrWithoutSpaces() {
        let fixture = SSHConfigFixture(config: """
            Host=one
              HostName=one.example.com
              Port = 2201
              User= root
              IdentityFile =~/.ssh/one
            """)
        let one = fixture.host("one")
        XCTAssertEqual(one?.hostname, "one.example.com")
        XCTAssertEqual(one?.port, 2201)
        XCTAssertEqual(one?.user, "root")
        XCTAssertEqual(one?.identityFiles, ["/home/alice/.ssh/one"])
    }

    func testQuotedValuesKeepTheirSpaces() {
        let fixture = SSHConfigFixture(config: """
            Host "quoted"
              IdentityFile "~/.ssh/my keys/id work"
              IdentityFile '/opt/other keys/id'
              IdentityFile /srv/escaped\\ space/id
            """)
        XCTAssertEqual(
            fixture.host("quoted")?.identityFiles,
            ["/home/alice/.ssh/my keys/id work", "/opt/other keys/id", "/srv/escaped space/id"])
    }

    func testCommentsAndBlankLinesAreIgnoredAndAHashInsideAWordIsKept() {
        let fixture = SSHConfigFixture(config: """
            # a comment

               # an indented comment
            Host box # trailing comment
              User ops#1
              Port 2222 # the port

            """)
        let box = fixture.host("box")
        XCTAssertEqual(box?.user, "ops#1")
        XCTAssertEqual(box?.port, 2222)
        XCTAssertEqual(fixture.read().hosts.map(\.alias), ["box"])
        XCTAssertEqual(fixture.read().notes, [])
    }

    func testWindowsLineEndingsAreWhitespace() {
        let fixture = SSHConfigFixture(config: "Host crlf\r\n  HostName crlf.example.com\r\n  Port 2022\r\n")
        XCTAssertEqual(fixture.host("crlf")?.hostname, "crlf.example.com")
        XCTAssertEqual(fixture.host("crlf")?.port, 2022)
    }

    func testBadPortIsANoteWithFileAndLineTheRestStillResolvesAndNothingIsImported() {
        let fixture = SSHConfigFixture(config: """
            Host app
              Port http-alt
              Port 70000
              Port 2200
              User app
            """)
        let resolution = fixture.read()
        XCTAssertEqual(fixture.resolve("app").port, 2200)
        XCTAssertEqual(fixture.resolve("app").user, "app")
        XCTAssertEqual(resolution.hosts, [], "OpenSSH refuses the configuration")
        XCTAssertEqual(resolution.refusal?.location, SSHConfigLocation(file: fixture.configPath, line: 2))
        XCTAssertTrue(resolution.refusal?.message.contains("and 1 more line noted") == true, "\(String(describing: resolution.refusal))")
        XCTAssertEqual(resolution.notes.map(\.location.line), [2, 3])
        XCTAssertEqual(resolution.notes.map(\.keyword), ["Port", "Port"])
        XCTAssertEqual(resolution.notes.first?.location.file, fixture.configPath)
        XCTAssertTrue(resolution.notes.first?.message.contains("bad port \"http-alt\"") == true, "\(resolution.notes)")
    }

    func testUnknownKeywordIsANoteAndOpenSSHRefusesTheConfiguration() {
        let fixture = SSHConfigFixture(config: """
            Host app
              UseKeychain yes
              HostName app.example.com
            """)
        let resolution = fixture.read()
        XCTAssertEqual(fixture.resolve("app").hostname, "app.example.com")
        XCTAssertEqual(resolution.hosts, [])
        XCTAssertEqual(resolution.refusal?.location.line, 2)
        XCTAssertEqual(resolution.notes.count, 1)
        XCTAssertEqual(resolution.notes.first?.keyword, "UseKeychain")
        XCTAssertEqual(resolution.notes.first?.location.line, 2)
        XCTAssertTrue(resolution.notes.first?.message.contains("unknown keyword") == true)
    }

    func testIgnoreUnknownBeforeTheKeywordExcusesIt() {
        let fixture = SSHConfigFixture(config: """
            IgnoreUnknown UseKeychain,AddKeysToAgentX
            Host app
              usekeychain yes
            """)
        XCTAssertEqual(fixture.read().notes, [])
    }

    func testIgnoreUnknownAfterTheKeywordDoesNotExcuseIt() {
        let fixture = SSHConfigFixture(config: """
            Host app
              UseKeychain yes
            Host *
              IgnoreUnknown UseKeychain
            """)
        let resolution = fixture.read()
        XCTAssertEqual(resolution.notes.map(\.keyword), ["UseKeychain", "UseKeychain"])
        XCTAssertEqual(resolution.notes.map(\.location.line), [2, 2])
        XCTAssertTrue(resolution.notes[1].message.contains("OpenSSH refuses app"), "\(resolution.notes)")
        XCTAssertEqual(resolution.hosts, [])
    }

    func testUnterminatedQuoteIsANoteAndTheLineIsSkipped() {
        let fixture = SSHConfigFixture(config: """
            Host app
              IdentityFile "~/.ssh/broken
              IdentityFile ~/.ssh/good
            """)
        let resolution = fixture.read()
        XCTAssertEqual(fixture.resolve("app").identityFiles, ["/home/alice/.ssh/good"])
        XCTAssertEqual(resolution.hosts, [])
        XCTAssertEqual(resolution.refusal?.location.line, 2)
        XCTAssertEqual(resolution.notes.map(\.message), ["unterminated quote"])
        XCTAssertEqual(resolution.notes.map(\.location.line), [2])
    }

    func testMissingArgumentAndExtraArgumentsAreNotes() {
        let fixture = SSHConfigFixture(config: """
            Host app
              User
              HostName two words
              User app
            """)
        let resolution = fixture.read()
        XCTAssertEqual(fixture.resolve("app").user, "app")
        XCTAssertEqual(fixture.resolve("app").hostname, "app")
        XCTAssertEqual(resolution.hosts, [])
        XCTAssertEqual(resolution.notes.map(\.location.line), [2, 3])
        XCTAssertEqual(resolution.notes.map(\.keyword), ["User", "HostName"])
    }

    func testUnreadableHostLineStartsABlockThatNeverApplies() {
        let fixture = SSHConfigFixture(config: """
            Host *
              Port 2000
            Host "broken
              User nobody
            Host *
              User everyone
            """)
        let resolved = fixture.resolve("anything")
        XCTAssertEqual(resolved.user, "everyone")
        XCTAssertEqual(resolved.port, 2000)
    }

    func testUnreadableConfigFileIsANote() {
        let fixture = SSHConfigFixture([:])
        let resolution = fixture.read()
        XCTAssertEqual(resolution.hosts, [])
        XCTAssertEqual(resolution.notes.count, 1)
        XCTAssertEqual(resolution.notes.first?.location, SSHConfigLocation(file: fixture.configPath, line: 0))
    }

    func testUnsupportedProtocolOneKeywordIsANoteButNotRejected() {
        let fixture = SSHConfigFixture(config: """
            Host old
              RSAAuthentication yes
              Cipher blowfish
              Protocol 2
            """)
        XCTAssertEqual(fixture.read().notes.map(\.keyword), ["RSAAuthentication"])
    }

    func testAValueOpenSSHRejectsForAKeywordTheImportDoesNotKeepRefusesTheConfiguration() {
        let refused = [
            "BatchMode maybe", "IdentitiesOnly yes no", "ServerAliveInterval 30 40", "ConnectTimeout soon",
            "ServerAliveCountMax -1", "LocalForward 8080", "LocalForward 0 localhost:80", "DynamicForward 1080 extra",
            "StrictHostKeyChecking sometimes", "Compression fast", "UserKnownHostsFile none ~/.ssh/known_hosts",
            "ForwardAgent $1-bad", "CertificateFile a b", "IdentityAgent ${NOT_SET}/agent", "ForwardAgent ${NOT_SET}",
            "Ciphers aes512-ctr", "Ciphers +", "MACs +", "KexAlgorithms curve448", "LogLevel LOUD", "EscapeChar ab",
            "AddKeysToAgent yes 5m", "AddKeysToAgent confirm soon", "ControlPersist YES", "IPQoS af11 af12 af13", "IPQoS 256",
            "SetEnv FOO", "SendEnv A=B", "SyslogFacility local8",
        ]
        for line in refused {
            let resolution = SSHConfigFixture(config: "Host other\n  \(line)\nHost app\n").read()
            XCTAssertEqual(resolution.hosts, [], line)
            XCTAssertEqual(resolution.refusal?.location.line, 2, line)
        }
        let accepted = [
            "ForwardAgent $SSH_AUTH_SOCK", "ForwardAgent maybe", "IdentitiesOnly TRUE", "ServerAliveInterval 1h30m", "ConnectTimeout none",
            "ServerAliveCountMax +3", "LocalForward [::1]:7000 [::1]:22", "RemoteForward 8022", "DynamicForward localhost:1080",
            "StrictHostKeyChecking accept-new", "UserKnownHostsFile none", "LocalForward 9090 /run/%r.sock",
            "Ciphers aes128-ctr,,bogus", "MACs -hmac-md5*", "LogLevel Verbose", "EscapeChar ^]", "AddKeysToAgent confirm 5m",
            "AddKeysToAgent 1h", "ControlPersist 10m", "IPQoS lowdelay throughput", "IPQoS 0x10", "SetEnv A=1 B=2",
            "SendEnv LANG LC_*",
        ]
        for line in accepted {
            let resolution = SSHConfigFixture(config: "Host other\n  \(line)\nHost app\n").read()
            XCTAssertEqual(resolution.hosts.map(\.alias), ["other", "app"], line)
            XCTAssertEqual(resolution.notes, [], line)
        }
    }
}
