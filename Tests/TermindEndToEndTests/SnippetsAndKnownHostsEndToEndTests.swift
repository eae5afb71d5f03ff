import Foundation
import XCTest

/// `termind snippets` and `termind known-hosts` through the built binary.
final class SnippetsAndKnownHostsEndToEndTests: XCTestCase {
    private let ed25519Key = "AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"

    func testSnippetScriptComesFromOptionFileOrStandardInputAndShowsVerbatim() throws {
        let home = try VaultHome()
        try home.succeed(["snippets", "add", "disk", "--script", "df -h /", "--tag", "ops"])
        let file = home.path + "/deploy.sh"
        try "set -e\ngit pull\nmake install\n".write(toFile: file, atomically: true, encoding: .utf8)
        try home.succeed(["snippets", "add", "deploy", "--file", file])
        try home.succeed(["snippets", "add", "piped"], stdin: "uptime\n")
        XCTAssertEqual(try home.succeed(["snippets", "show", "deploy"]), "set -e\ngit pull\nmake install\n")
        XCTAssertEqual(try home.succeed(["snippets", "show", "piped"]), "uptime\n")
        let listed = try XCTUnwrap(try home.json(["snippets", "list"]) as? [[String: Any]])
        XCTAssertEqual(listed.map { $0["label"] as? String }, ["deploy", "disk", "piped"])
        XCTAssertEqual(listed[1]["tags"] as? [String], ["ops"])
        try home.succeed(["snippets", "edit", "disk", "--script", "df -h", "--no-tags"])
        XCTAssertEqual(try home.succeed(["snippets", "show", "disk"]), "df -h\n")
        try home.succeed(["snippets", "rm", "disk"])
        XCTAssertEqual(try home.run(["snippets", "show", "disk"]).status, 1)
    }

    func testKnownHostsAreAddedListedAndRemovedByPatternAndType() throws {
        let home = try VaultHome()
        try home.succeed(["known-hosts", "add", "[db.example.com]:2222", "ssh-ed25519", ed25519Key, "--comment", "db"])
        try home.succeed(["known-hosts", "add", "old.example.com", "ssh-ed25519", ed25519Key, "--revoked"])
        let shown = try XCTUnwrap(try home.json(["known-hosts", "show", "old.example.com"]) as? [[String: Any]])
        XCTAssertEqual(shown.first?["marker"] as? String, "@revoked")
        XCTAssertEqual(shown.first?["line"] as? String, "@revoked old.example.com ssh-ed25519 \(ed25519Key)")
        let duplicate = try home.run(["known-hosts", "add", "old.example.com", "ssh-ed25519", ed25519Key, "--revoked"])
        XCTAssertEqual(duplicate.status, 1)
        let wrongType = try home.run(["known-hosts", "add", "x", "ssh-rsa", ed25519Key])
        XCTAssertEqual(wrongType.status, 2)
        XCTAssertTrue(wrongType.stderr.contains("KEY is a ssh-ed25519 key, not ssh-rsa"), wrongType.stderr)
        try home.succeed(["known-hosts", "rm", "old.example.com", "--type", "ssh-ed25519"])
        let left = try XCTUnwrap(try home.json(["known-hosts", "list"]) as? [[String: Any]])
        XCTAssertEqual(left.map { $0["pattern"] as? String }, ["[db.example.com]:2222"])
        XCTAssertEqual(try home.run(["known-hosts", "rm", "nowhere.example.com"]).status, 1)
    }
}
