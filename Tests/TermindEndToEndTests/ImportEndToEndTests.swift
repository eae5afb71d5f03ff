import Foundation
import TermindTestSupport
import XCTest

/// `termind import` through the built binary, on a `~/.ssh` made with OpenSSH's own tools in a
/// temporary home: every kind of file, the preview's JSON contract, a commit, and a second
/// commit that writes nothing.
final class ImportEndToEndTests: XCTestCase {
    private var home: VaultHome!
    private var outside: TemporaryDirectory!
    private var ssh: String { home.path + "/.ssh" }

    override func setUpWithError() throws {
        home = try VaultHome()
        outside = try TemporaryDirectory(prefix: "termind-outside")
        try FileManager.default.createDirectory(atPath: ssh + "/config.d", withIntermediateDirectories: true)
        for (name, arguments) in [
            ("id_ed25519", ["-t", "ed25519", "-N", ""]), ("id_locked", ["-t", "ed25519", "-N", "open sesame"]),
            ("id_ecdsa", ["-t", "ecdsa", "-N", ""]), ("id_rsa", ["-t", "rsa", "-b", "2048", "-N", ""]),
            ("legacy.pem", ["-t", "rsa", "-b", "2048", "-m", "PEM", "-N", ""]),
        ] {
            try keygen(["-q", "-C", name, "-f", ssh + "/" + name] + arguments)
        }
        try FileManager.default.removeItem(atPath: ssh + "/legacy.pem.pub")
        try write("""
            Include config.d/*
            Host bastion
              HostName bastion.example.com
              User ops
              IdentityFile ~/.ssh/id_ed25519
            Host web
              HostName 10.0.0.5
              Port 2222
              User deploy
              IdentityFile ~/.ssh/id_locked
              ProxyJump ops@bastion
            Host legacy
              HostName legacy.example.com
              User root
              IdentityFile ~/.ssh/legacy.pem
              ProxyCommand nc %h %p
            Host *
              ServerAliveInterval 30
            """, to: "config")
        try write("Host db\n  HostName db.internal\n  User postgres\n  ProxyJump web,bastion\n", to: "config.d/work")
        try keygen(["-q", "-t", "ed25519", "-N", "", "-f", outside.path + "/bastion_host"])
        try keygen(["-q", "-t", "ed25519", "-N", "", "-f", outside.path + "/web_host"])
        try write("bastion.example.com \(try publicKey(outside.path + "/bastion_host"))\n", to: "known_hosts")
        try write("[10.0.0.5]:2222 \(try publicKey(outside.path + "/web_host"))\n", to: "known_hosts2")
        try keygen(["-H", "-f", ssh + "/known_hosts2"])
        try? FileManager.default.removeItem(atPath: ssh + "/known_hosts2.old")
        try write(try publicKey(ssh + "/id_ed25519") + "\n" + (try publicKey(ssh + "/id_ecdsa")) + "\n", to: "authorized_keys")
        XCTAssertEqual(symlink(outside.path + "/bastion_host", ssh + "/stolen"), 0)
        try write("remember the milk\n", to: "notes")
    }

    override func tearDown() {
        home = nil
        outside = nil
    }

    private func keygen(_ arguments: [String]) throws {
        let result = try ChildProcess.run("ssh-keygen", arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func publicKey(_ path: String) throws -> String {
        try String(contentsOfFile: path + ".pub", encoding: .utf8).split(separator: " ").prefix(2).joined(separator: " ")
    }

    private func write(_ text: String, to name: String) throws {
        try text.write(toFile: ssh + "/" + name, atomically: true, encoding: .utf8)
    }

    private func items(_ object: [String: Any], _ list: String) -> [[String: Any]] { object[list] as? [[String: Any]] ?? [] }

    func testTheDryRunJSONIsTheContractScriptsRead() throws {
        let preview = try XCTUnwrap(try home.json(["import", "--dry-run"]) as? [String: Any])
        XCTAssertEqual(preview["folder"] as? String, ssh)
        for list in ["hosts", "identities", "keys", "knownHosts", "skipped"] { XCTAssertNotNil(preview[list] as? [Any], list) }

        let hosts = items(preview, "hosts")
        XCTAssertEqual(hosts.map { $0["alias"] as? String }, ["db", "bastion", "web", "legacy"])
        let web = try XCTUnwrap(hosts.first { $0["alias"] as? String == "web" })
        XCTAssertEqual(web["hostname"] as? String, "10.0.0.5")
        XCTAssertEqual(web["port"] as? Int, 2222)
        XCTAssertTrue(web["port"] is NSNumber, "port is a number")
        XCTAssertEqual(web["user"] as? String, "deploy")
        XCTAssertEqual(web["identityFiles"] as? [String], [ssh + "/id_locked"])
        XCTAssertEqual(web["proxyJump"] as? [String], ["ops@bastion"])
        XCTAssertEqual(web["status"] as? String, "new")
        XCTAssertEqual(hosts.first { $0["alias"] as? String == "db" }?["proxyJump"] as? [String], ["web", "bastion"])
        XCTAssertEqual(hosts.first { $0["alias"] as? String == "bastion" }?["proxyJump"] as? [String], [])
        XCTAssertEqual(hosts.first { $0["alias"] as? String == "legacy" }?["proxyJump"] as? [String], [], "ProxyCommand is not a jump")

        let keys = items(preview, "keys")
        XCTAssertEqual(keys.map { $0["label"] as? String }, ["id_ecdsa", "id_ed25519", "id_locked", "id_rsa", "legacy.pem"])
        XCTAssertEqual(keys.map { $0["encrypted"] as? Bool }, [false, false, true, false, false])
        XCTAssertEqual(keys.map { $0["format"] as? String }, ["openssh", "openssh", "openssh", "openssh", "pem"])
        let printed = try ChildProcess.run("ssh-keygen", ["-lf", ssh + "/id_locked.pub"]).stdout.split(separator: " ")[1]
        XCTAssertEqual(keys[2]["fingerprint"] as? String, String(printed))
        XCTAssertEqual((keys[3]["warnings"] as? [String])?.first?.contains("ssh-rsa (SHA-1)"), true)

        XCTAssertEqual(
            items(preview, "identities").map { $0["label"] as? String }, ["ops-id_ed25519", "deploy-id_locked", "root-legacy.pem"])
        let knownHosts = items(preview, "knownHosts")
        XCTAssertEqual(knownHosts.map { $0["hashed"] as? Bool }, [false, true])
        XCTAssertEqual(knownHosts.first?["pattern"] as? String, "bastion.example.com")

        let skipped = Dictionary(uniqueKeysWithValues: items(preview, "skipped").compactMap { item -> (String, String)? in
            guard let path = item["path"] as? String, let kind = item["kind"] as? String else { return nil }
            return ((path as NSString).lastPathComponent + ((item["line"] as? Int).map { ":\($0)" } ?? ""), kind)
        })
        XCTAssertEqual(skipped["authorized_keys"], "authorized-keys")
        XCTAssertEqual(skipped["stolen"], "outside-folder")
        XCTAssertEqual(skipped["notes"], "other")
        XCTAssertEqual(skipped["id_ed25519.pub"], "public-key")
        XCTAssertEqual(skipped["config:16"], "config", "ProxyCommand is reported, never run")

        let nothing = try XCTUnwrap(try home.json(["hosts", "list"]) as? [Any])
        XCTAssertTrue(nothing.isEmpty, "a dry run writes nothing")
        let text = try home.succeed(["import", "--dry-run"])
        XCTAssertTrue(text.contains("nothing has been written"), text)
        for (name, bytes) in try home.allStoredBytes() where !name.hasPrefix(".ssh") {
            XCTAssertNil(bytes.range(of: Data("OPENSSH PRIVATE KEY".utf8)), "private key text in \(name)")
        }
    }

    func testImportAllWritesEveryNewRecordOnceAndTheSecondImportWritesNothing() throws {
        let result = try home.run(["import", "--all"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("wrote 5 Keys, 3 Identities, 4 Hosts, 2 Known Hosts"), result.stdout)
        XCTAssertTrue(result.stderr.contains("warning: RSA keys sign with ssh-rsa (SHA-1)"), result.stderr)

        let web = try XCTUnwrap(try home.json(["hosts", "show", "web"]) as? [String: Any])
        XCTAssertEqual(web["identity"] as? String, "deploy-id_locked")
        XCTAssertEqual(web["jumps"] as? [String], ["bastion"])
        XCTAssertEqual(web["port"] as? Int, 2222)
        let db = try XCTUnwrap(try home.json(["hosts", "show", "db"]) as? [String: Any])
        XCTAssertEqual(db["jumps"] as? [String], ["web", "bastion"])
        XCTAssertNil(db["identity"] as? String)
        let locked = try XCTUnwrap(try home.json(["keys", "show", "id_locked"]) as? [String: Any])
        XCTAssertEqual(locked["encrypted"] as? Bool, true)
        XCTAssertEqual(locked["passphraseStored"] as? Bool, false)
        XCTAssertEqual(locked["comment"] as? String, "id_locked", "the comment comes from the .pub file")
        XCTAssertEqual(try XCTUnwrap(try home.json(["known-hosts", "list"]) as? [Any]).count, 2)

        let body = try String(contentsOfFile: ssh + "/id_ed25519", encoding: .utf8).split(separator: "\n")[1]
        for (name, bytes) in try home.allStoredBytes() where !name.hasPrefix(".ssh") {
            XCTAssertNil(bytes.range(of: Data(body.utf8)), "private key text is readable in \(name)")
        }

        let again = try home.run(["import", "--all", "--json"])
        XCTAssertEqual(again.status, 0, again.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        for list in ["hosts", "identities", "keys", "knownHosts"] { XCTAssertEqual((report[list] as? [Any])?.count, 0, list) }
        let preview = try XCTUnwrap(try home.json(["import", "--dry-run"]) as? [String: Any])
        XCTAssertEqual(Set(items(preview, "hosts").compactMap { $0["status"] as? String }), ["existing"])
    }

    func testSelectingAHostWritesOnlyThatHostUnbound() throws {
        let result = try home.run(["import", "--hosts", "bastion"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Host 'bastion' is imported without an Identity"), result.stderr)
        let bastion = try XCTUnwrap(try home.json(["hosts", "show", "bastion"]) as? [String: Any])
        XCTAssertNil(bastion["identity"] as? String)
        XCTAssertEqual(bastion["user"] as? String, "ops")
        XCTAssertEqual(try XCTUnwrap(try home.json(["keys", "list"]) as? [Any]).count, 0)
        XCTAssertEqual(try XCTUnwrap(try home.json(["identities", "list"]) as? [Any]).count, 0)
    }

    func testAnIdentityWithoutItsKeyIsRefusedAndNothingIsWritten() throws {
        let result = try home.run(["import", "--identities", "ops-id_ed25519", "--hosts", "bastion"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("the Identity 'ops-id_ed25519' needs its Key 'id_ed25519'"), result.stderr)
        XCTAssertEqual(try XCTUnwrap(try home.json(["hosts", "list"]) as? [Any]).count, 0)
        try home.succeed(["import", "--identities", "ops-id_ed25519", "--keys", "id_ed25519", "--hosts", "bastion"])
        let bastion = try XCTUnwrap(try home.json(["hosts", "show", "bastion"]) as? [String: Any])
        XCTAssertEqual(bastion["identity"] as? String, "ops-id_ed25519")
    }

    func testAKnownHostTheVaultTrustsWithAnotherKeyIsNeverReplaced() throws {
        try keygen(["-q", "-t", "ed25519", "-N", "", "-f", outside.path + "/other"])
        let trusted = try publicKey(outside.path + "/other").split(separator: " ")
        try home.succeed(["known-hosts", "add", "bastion.example.com", String(trusted[0]), String(trusted[1])])
        let preview = try XCTUnwrap(try home.json(["import", "--dry-run"]) as? [String: Any])
        XCTAssertEqual(items(preview, "knownHosts").first?["status"] as? String, "conflict")
        try home.succeed(["import", "--known-hosts"])
        let records = try XCTUnwrap(try home.json(["known-hosts", "show", "bastion.example.com"]) as? [[String: Any]])
        XCTAssertEqual(records.count, 1)
        XCTAssertEqual(records.first?["line"] as? String, "bastion.example.com \(trusted[0]) \(trusted[1])")
    }

    func testUsageErrorsSayWhatToDo() throws {
        let bare = try home.run(["import"])
        XCTAssertEqual(bare.status, 2)
        XCTAssertTrue(bare.stderr.contains("--dry-run shows the preview first"), bare.stderr)
        XCTAssertEqual(try home.run(["import", "--all", "--store-passphrases"]).status, 2)
        let unknown = try home.run(["import", "--hosts", "nowhere"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no Host 'nowhere' in the preview"), unknown.stderr)
        let missing = try home.run(["import", home.path + "/absent", "--dry-run"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("cannot read the folder \(home.path)/absent"), missing.stderr)
    }
}
