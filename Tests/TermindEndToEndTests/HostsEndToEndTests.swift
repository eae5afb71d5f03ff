import Foundation
import XCTest

/// `termind hosts` and `identities` through the built binary, against its own SQLite Vault.
final class HostsEndToEndTests: XCTestCase {
    func testAddedHostIsListedWithItsIdentityJumpChainAndTags() throws {
        let home = try VaultHome()
        try home.succeed(["identities", "add", "deploy", "--user", "deploy"])
        try home.succeed(["hosts", "add", "bastion", "--hostname", "bastion.example.com"])
        try home.succeed([
            "hosts", "add", "web", "--hostname", "10.0.0.5", "--port", "2222", "--user", "www", "--identity", "deploy",
            "--jump", "bastion", "--tag", "prod", "--tag", "eu",
        ])

        let hosts = try XCTUnwrap(try home.json(["hosts", "list"]) as? [[String: Any]])
        XCTAssertEqual(hosts.map { $0["label"] as? String }, ["bastion", "web"])
        let web = hosts[1]
        XCTAssertEqual(web["hostname"] as? String, "10.0.0.5")
        XCTAssertEqual(web["port"] as? Int, 2222)
        XCTAssertEqual(web["user"] as? String, "www")
        XCTAssertEqual(web["identity"] as? String, "deploy")
        XCTAssertEqual(web["jumps"] as? [String], ["bastion"])
        XCTAssertEqual(web["tags"] as? [String], ["prod", "eu"])

        let prodOnly = try XCTUnwrap(try home.json(["hosts", "list", "--tag", "prod"]) as? [[String: Any]])
        XCTAssertEqual(prodOnly.map { $0["label"] as? String }, ["web"])
        let table = try home.succeed(["hosts", "list"])
        XCTAssertTrue(table.hasPrefix("LABEL "), table)
        XCTAssertTrue(table.contains("web      10.0.0.5"), table)
    }

    func testShowAndEditChangeOnlyWhatWasGiven() throws {
        let home = try VaultHome()
        try home.succeed(["hosts", "add", "db", "--hostname", "db.internal", "--tag", "prod", "--notes", "primary"])
        try home.succeed(["hosts", "edit", "db", "--port", "2200", "--label", "db1"])
        let shown = try XCTUnwrap(try home.json(["hosts", "show", "db1"]) as? [String: Any])
        XCTAssertEqual(shown["hostname"] as? String, "db.internal")
        XCTAssertEqual(shown["port"] as? Int, 2200)
        XCTAssertEqual(shown["tags"] as? [String], ["prod"])
        XCTAssertEqual(shown["notes"] as? String, "primary")
        XCTAssertEqual(try home.run(["hosts", "show", "db"]).status, 1)
    }

    func testDuplicateLabelIsRefusedAndTheFirstHostIsKept() throws {
        let home = try VaultHome()
        try home.succeed(["hosts", "add", "web", "--hostname", "a.example.com"])
        let again = try home.run(["hosts", "add", "web", "--hostname", "b.example.com"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("a Host labelled 'web' already exists"), again.stderr)
        let shown = try XCTUnwrap(try home.json(["hosts", "show", "web"]) as? [String: Any])
        XCTAssertEqual(shown["hostname"] as? String, "a.example.com")
    }

    func testKeepaliveAndMetricsIntervalHaveDefaultsAreCheckedAndShownInTextAndJSON() throws {
        let home = try VaultHome()
        try home.succeed(["hosts", "add", "web", "--hostname", "h"])
        var shown = try home.json(["hosts", "show", "web"]) as? [String: Any]
        XCTAssertEqual(shown?["keepalive"] as? Int, 30)
        XCTAssertEqual(shown?["keepaliveCount"] as? Int, 3)
        XCTAssertEqual(shown?["metricsInterval"] as? Int, 2)
        try home.succeed(["hosts", "edit", "web", "--keepalive", "2", "--keepalive-count", "5", "--metrics-interval", "10"])
        shown = try home.json(["hosts", "show", "web"]) as? [String: Any]
        XCTAssertEqual(shown?["keepalive"] as? Int, 2)
        XCTAssertEqual(shown?["keepaliveCount"] as? Int, 5)
        XCTAssertEqual(shown?["metricsInterval"] as? Int, 10)
        let text = try home.succeed(["hosts", "show", "web"])
        XCTAssertTrue(text.contains("every 2 s of silence; lost after 5 unanswered"), text)
        XCTAssertTrue(text.contains("10 s"), text)
        // One given alone keeps the other.
        try home.succeed(["hosts", "edit", "web", "--keepalive", "0"])
        shown = try home.json(["hosts", "show", "web"]) as? [String: Any]
        XCTAssertEqual(shown?["keepalive"] as? Int, 0)
        XCTAssertEqual(shown?["keepaliveCount"] as? Int, 5)
        XCTAssertTrue(try home.succeed(["hosts", "show", "web"]).contains("off (a dead server is noticed only by TCP)"))
        try home.succeed(["hosts", "add", "db", "--hostname", "d", "--keepalive", "15", "--keepalive-count", "1"])
        XCTAssertEqual((try home.json(["hosts", "show", "db"]) as? [String: Any])?["keepalive"] as? Int, 15)

        for (option, value, message) in [
            ("--keepalive", "-1", "--keepalive: '-1' is not a whole number from 0 to 86400"),
            ("--keepalive-count", "0", "--keepalive-count: '0' is not a whole number from 1 to 1000"),
            ("--metrics-interval", "0", "--metrics-interval: '0' is not a whole number from 1 to 3600"),
            ("--metrics-interval", "soon", "--metrics-interval: 'soon' is not a whole number from 1 to 3600"),
        ] {
            let refused = try home.run(["hosts", "edit", "db", option, value])
            XCTAssertEqual(refused.status, 2, "\(option) \(value)")
            XCTAssertTrue(refused.stderr.contains(message), refused.stderr)
        }
        XCTAssertEqual((try home.json(["hosts", "show", "db"]) as? [String: Any])?["keepaliveCount"] as? Int, 1, "nothing written")
    }

    func testBadPortAndBadLabelsAreUsageErrorsThatWriteNothing() throws {
        let home = try VaultHome()
        let port = try home.run(["hosts", "add", "web", "--hostname", "h", "--port", "70000"])
        XCTAssertEqual(port.status, 2)
        XCTAssertTrue(port.stderr.contains("--port: '70000' is not a whole number from 1 to 65535"), port.stderr)
        let label = try home.run(["hosts", "add", "we b", "--hostname", "h"])
        XCTAssertEqual(label.status, 2)
        XCTAssertTrue(label.stderr.contains("cannot contain whitespace"), label.stderr)
        let slash = try home.run(["hosts", "add", "a/b", "--hostname", "h"])
        XCTAssertEqual(slash.status, 2)
        XCTAssertTrue(slash.stderr.contains("cannot contain '/'"), slash.stderr)
        try home.succeed(["hosts", "add", "web", "--hostname", "h"])
        XCTAssertEqual(try home.run(["hosts", "edit", "web", "--label", "web/2"]).status, 2)
        try home.succeed(["keys", "generate", "work/deploy"])
        XCTAssertEqual((try home.json(["hosts", "list"]) as? [[String: Any]])?.map { $0["label"] as? String }, ["web"])
    }

    func testJumpThroughAMissingHostOrALoopIsRefused() throws {
        let home = try VaultHome()
        let missing = try home.run(["hosts", "add", "web", "--hostname", "h", "--jump", "nowhere"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("'nowhere', which is not a Host"), missing.stderr)
        try home.succeed(["hosts", "add", "a", "--hostname", "a"])
        try home.succeed(["hosts", "add", "b", "--hostname", "b", "--jump", "a"])
        let loop = try home.run(["hosts", "edit", "a", "--jump", "b"])
        XCTAssertEqual(loop.status, 1)
        XCTAssertTrue(loop.stderr.contains("loops: a → b → a; take one of those hops out"), loop.stderr)
    }

    func testIdentityInUseIsKeptUnlessForcedWhichUnbindsItsHosts() throws {
        let home = try VaultHome()
        try home.succeed(["identities", "add", "deploy", "--user", "deploy"])
        try home.succeed(["hosts", "add", "web", "--hostname", "h", "--identity", "deploy"])
        let refused = try home.run(["identities", "rm", "deploy"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("used by Host 'web'"), refused.stderr)
        try home.succeed(["identities", "rm", "deploy", "--force"])
        let web = try XCTUnwrap(try home.json(["hosts", "show", "web"]) as? [String: Any])
        XCTAssertNil(web["identity"] as? String)
        XCTAssertEqual((try home.json(["identities", "list"]) as? [[String: Any]])?.count, 0)
    }

    func testIdentityPasswordIsSealedAndNeverShownOrStoredInPlaintext() throws {
        let home = try VaultHome()
        let password = "correct-horse-battery-staple-42"
        try home.succeed(["identities", "add", "ops", "--user", "ops", "--password-stdin"], stdin: password + "\n")
        let shown = try XCTUnwrap(try home.json(["identities", "show", "ops"]) as? [String: Any])
        XCTAssertEqual(shown["hasPassword"] as? Bool, true)
        XCTAssertFalse(try home.succeed(["identities", "show", "ops"]).contains(password))
        let files = try home.allStoredBytes()
        XCTAssertTrue(files.contains { $0.0.hasSuffix("termind.db") })
        for (name, bytes) in files {
            XCTAssertNil(bytes.range(of: Data(password.utf8)), "the password is readable in \(name)")
        }
    }

    func testAnEmptyPasswordIsRefusedAndNothingIsStored() throws {
        let home = try VaultHome()
        for input in ["", "\n"] {
            let result = try home.run(["identities", "add", "ops", "--user", "ops", "--password-stdin"], stdin: input)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("is empty, so nothing was stored"), result.stderr)
        }
        XCTAssertEqual((try home.json(["identities", "list"]) as? [[String: Any]])?.count, 0)
        try home.succeed(["identities", "add", "ops", "--user", "ops", "--password-stdin"], stdin: "pw\n")
        let emptied = try home.run(["identities", "edit", "ops", "--password-stdin"], stdin: "\n")
        XCTAssertEqual(emptied.status, 2, emptied.stderr)
        let shown = try XCTUnwrap(try home.json(["identities", "show", "ops"]) as? [String: Any])
        XCTAssertEqual(shown["hasPassword"] as? Bool, true, "the stored password stays")
    }

    func testClipboardWritesAreDeniedUnlessAllowedForTheHost() throws {
        let home = try VaultHome()
        try home.succeed(["hosts", "add", "web", "--hostname", "h"])
        XCTAssertEqual((try home.json(["hosts", "show", "web"]) as? [String: Any])?["clipboardWrites"] as? Bool, false)
        try home.succeed(["hosts", "edit", "web", "--clipboard", "allow"])
        XCTAssertEqual((try home.json(["hosts", "show", "web"]) as? [String: Any])?["clipboardWrites"] as? Bool, true)
        try home.succeed(["hosts", "add", "db", "--hostname", "d", "--clipboard", "allow"])
        try home.succeed(["hosts", "edit", "db", "--clipboard", "deny"])
        XCTAssertEqual((try home.json(["hosts", "show", "db"]) as? [String: Any])?["clipboardWrites"] as? Bool, false)
        XCTAssertEqual(try home.run(["hosts", "edit", "db", "--clipboard", "maybe"]).status, 2)
    }

    func testShareIsOnUnlessTurnedOffForTheHostAndShownInTextAndJSON() throws {
        let home = try VaultHome()
        try home.succeed(["hosts", "add", "web", "--hostname", "h"])
        XCTAssertEqual((try home.json(["hosts", "show", "web"]) as? [String: Any])?["share"] as? Bool, true)
        try home.succeed(["hosts", "edit", "web", "--share", "off"])
        XCTAssertEqual((try home.json(["hosts", "show", "web"]) as? [String: Any])?["share"] as? Bool, false)
        XCTAssertTrue(try home.succeed(["hosts", "show", "web"]).contains("off (each pane connects on its own)"))
        try home.succeed(["hosts", "edit", "web", "--share", "on"])
        XCTAssertEqual((try home.json(["hosts", "show", "web"]) as? [String: Any])?["share"] as? Bool, true)
        try home.succeed(["hosts", "add", "db", "--hostname", "d", "--share", "off"])
        XCTAssertEqual((try home.json(["hosts", "show", "db"]) as? [String: Any])?["share"] as? Bool, false)
        XCTAssertEqual(try home.run(["hosts", "edit", "db", "--share", "maybe"]).status, 2)
    }

    func testReconnectIsAutoUnlessSetManualForTheHostAndShownInTextAndJSON() throws {
        let home = try VaultHome()
        try home.succeed(["hosts", "add", "web", "--hostname", "h"])
        XCTAssertEqual((try home.json(["hosts", "show", "web"]) as? [String: Any])?["reconnect"] as? String, "auto")
        try home.succeed(["hosts", "edit", "web", "--reconnect", "manual"])
        XCTAssertEqual((try home.json(["hosts", "show", "web"]) as? [String: Any])?["reconnect"] as? String, "manual")
        XCTAssertTrue(try home.succeed(["hosts", "show", "web"]).contains("manual (a lost pane waits for you)"))
        try home.succeed(["hosts", "add", "db", "--hostname", "d", "--reconnect", "manual"])
        try home.succeed(["hosts", "edit", "db", "--reconnect", "auto"])
        XCTAssertEqual((try home.json(["hosts", "show", "db"]) as? [String: Any])?["reconnect"] as? String, "auto")
        XCTAssertEqual(try home.run(["hosts", "edit", "db", "--reconnect", "sometimes"]).status, 2)
    }

    func testRemovingAHostKeepsItsKnownHosts() throws {
        let home = try VaultHome()
        let key = "AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"
        try home.succeed(["hosts", "add", "web", "--hostname", "web.example.com"])
        try home.succeed(["known-hosts", "add", "web.example.com", "ssh-ed25519", key])
        try home.succeed(["hosts", "rm", "web"])
        let known = try XCTUnwrap(try home.json(["known-hosts", "list"]) as? [[String: Any]])
        XCTAssertEqual(known.map { $0["pattern"] as? String }, ["web.example.com"])
    }

    func testTwoProcessesAddingTwoHundredHostsEachEndWithFourHundred() throws {
        let home = try VaultHome()
        try home.succeed(["hosts", "list"])  // creates and migrates the Vault once
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for index in 0..<200 {
                let result = try? home.run(["hosts", "add", "w\(writer)-\(index)", "--hostname", "10.\(writer).0.\(index)"])
                if result?.status != 0 { failures.add(result?.stderr ?? "did not run") }
            }
        }
        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual((try home.json(["hosts", "list"]) as? [[String: Any]])?.count, 400)
    }
}

/// Collects failures from concurrent writers.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    func add(_ message: String) { lock.withLock { collected.append(message) } }
    var messages: [String] { lock.withLock { collected } }
}
