import Foundation
import TermindTestSupport
import XCTest

/// `termind known-hosts find` through the built binary: the Vault and `~/.ssh/known_hosts` by
/// default, only `--file` files when given, exit 0 when found and 1 when not, and the lines it
/// prints are the lines `ssh-keygen -F` finds.
final class KnownHostsFindEndToEndTests: XCTestCase {
    private let ed25519Key = "AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"

    func testFindListsVaultRecordsAndKnownHostsLinesWithTheirMarkersAndExitsZero() throws {
        let home = try VaultHome()
        try home.succeed(["known-hosts", "add", "[db.example.com]:2222", "ssh-ed25519", ed25519Key, "--comment", "db"])
        try home.succeed(["known-hosts", "add", "other.example.com", "ssh-ed25519", ed25519Key])
        _ = try home.directory.write(
            """
            # mine
            db.example.com ssh-ed25519 \(ed25519Key)
            [db.example.com]:2222 ssh-ed25519 \(ed25519Key) system

            @revoked [*.example.com]:2222 ssh-ed25519 \(ed25519Key)
            @cert-authority *.example.com,[*.example.com]:2222 ssh-ed25519 \(ed25519Key)
            [*.example.com]:2222,![db.example.com]:2222 ssh-ed25519 \(ed25519Key) negated

            """, to: ".ssh/known_hosts")
        let knownHosts = home.path + "/.ssh/known_hosts"

        let report = try XCTUnwrap(
            try home.json(["known-hosts", "find", "db.example.com", "--port", "2222"]) as? [String: Any])
        XCTAssertEqual(report["lookupName"] as? String, "[db.example.com]:2222")
        XCTAssertEqual(report["port"] as? Int, 2222)
        XCTAssertEqual(report["found"] as? Bool, true)
        let matches = try XCTUnwrap(report["matches"] as? [[String: Any]])
        XCTAssertEqual(matches.map { $0["source"] as? String }, ["vault", "file", "file", "file"])
        XCTAssertEqual(matches[0]["comment"] as? String, "db")
        XCTAssertEqual((matches[0]["id"] as? String)?.count, 36)
        XCTAssertTrue(matches[0]["line"] is NSNull && matches[0]["file"] is NSNull)
        XCTAssertEqual(matches.dropFirst().map { $0["line"] as? Int }, [3, 5, 6])
        XCTAssertEqual(matches.dropFirst().map { $0["file"] as? String }, [knownHosts, knownHosts, knownHosts])
        XCTAssertEqual(matches.map { $0["marker"] as? String }, [nil, nil, "@revoked", "@cert-authority"])
        XCTAssertTrue(matches[2]["marker"] is String && matches[1]["marker"] is NSNull)
        XCTAssertEqual(
            Set(matches[1].keys),
            ["source", "file", "line", "id", "marker", "pattern", "type", "fingerprint", "comment", "text"])
        XCTAssertEqual(matches[1]["text"] as? String, "[db.example.com]:2222 ssh-ed25519 \(ed25519Key) system")

        let text = try home.run(["known-hosts", "find", "[db.example.com]:2222"])
        XCTAssertEqual(text.status, 0, text.stderr)
        let lines = text.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, text.stdout)
        XCTAssertTrue(lines[0].hasPrefix("Vault "), text.stdout)
        XCTAssertEqual(lines[2], "\(knownHosts):5: @revoked [*.example.com]:2222 ssh-ed25519 \(ed25519Key)")

        let portTwentyTwo = try home.run(["known-hosts", "find", "db.example.com"])
        XCTAssertEqual(
            portTwentyTwo.stdout,
            "\(knownHosts):2: db.example.com ssh-ed25519 \(ed25519Key)\n"
                + "\(knownHosts):6: @cert-authority *.example.com,[*.example.com]:2222 ssh-ed25519 \(ed25519Key)\n")
    }

    func testNothingFoundExitsOneWithAnEmptyReport() throws {
        let home = try VaultHome()
        try home.succeed(["known-hosts", "add", "web.example.com", "ssh-ed25519", ed25519Key])
        let text = try home.run(["known-hosts", "find", "nowhere.example.org"])
        XCTAssertEqual(text.status, 1)
        XCTAssertEqual(text.stdout, "")
        XCTAssertTrue(text.stderr.contains("no Known Host nor known_hosts line matches nowhere.example.org"), text.stderr)
        let json = try home.run(["known-hosts", "find", "web.example.com", "--port", "2222", "--json"])
        XCTAssertEqual(json.status, 1)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["found"] as? Bool, false)
        XCTAssertEqual((report["matches"] as? [Any])?.count, 0)
    }

    func testGivenFilesAloneAreSearchedAndTheLinesPrintedAreThoseSSHKeygenFinds() throws {
        let home = try VaultHome()
        try home.succeed(["known-hosts", "add", "*", "ssh-ed25519", ed25519Key])
        let corpus = KnownHostsCorpus(entries: 600, queries: 24, seed: 7, keys: ["ssh-ed25519 \(ed25519Key)"])
        let plain = try home.directory.write(corpus.text, to: "plain_known_hosts")
        let hashed = try home.directory.write(corpus.text, to: "hashed_known_hosts")
        XCTAssertEqual(try ChildProcess.run("ssh-keygen", ["-H", "-f", hashed]).status, 0)
        var found = 0
        for query in corpus.queries {
            var expected: [String] = []
            for file in [plain, hashed] {
                let run = try ChildProcess.run("ssh-keygen", ["-F", query.lookupName, "-f", file])
                expected += KnownHostsCorpus.foundLines(inSSHKeygenOutput: run.stdout).map { "\(file):\($0)" }
            }
            let result = try home.run([
                "known-hosts", "find", query.hostname, "--port", String(query.port), "--file", plain, "-f", hashed,
            ])
            XCTAssertEqual(result.status, expected.isEmpty ? 1 : 0, "\(query.lookupName): \(result.stderr)")
            // Each line is `FILE:LINE: TEXT`; the files are known, so their names end where the line number starts.
            let printed = result.stdout.split(separator: "\n").compactMap { line -> String? in
                guard let file = [plain, hashed].first(where: { line.hasPrefix($0 + ":") }) else { return String(line) }
                return "\(file):" + line.dropFirst(file.count + 1).prefix { $0.isNumber }
            }
            XCTAssertEqual(printed.sorted(), expected.sorted(), query.lookupName)
            found += expected.isEmpty ? 0 : 1
        }
        XCTAssertGreaterThan(found, 0, "some queries hit")
        XCTAssertLessThan(found, corpus.queries.count, "some queries miss (the Vault's * is not read)")
    }

    func testUnreadableFileAndContradictoryPortAreUsageErrors() throws {
        let home = try VaultHome()
        let missing = try home.run(["known-hosts", "find", "web.example.com", "--file", home.path + "/absent"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot read \(home.path)/absent: no such file"), missing.stderr)
        let twice = try home.run(["known-hosts", "find", "[web.example.com]:2222", "--port", "2200"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("leave out --port"), twice.stderr)
        XCTAssertEqual(try home.run(["known-hosts", "find", "web.example.com", "--port", "0"]).status, 2)
    }

    func testFindIsInTheCompletionAndTheManPage() throws {
        let home = try VaultHome()
        let completion = try home.succeed(["completion", "bash"])
        XCTAssertTrue(completion.contains("check find'"), "bash completion offers find after known-hosts")
        XCTAssertTrue(completion.contains("'known-hosts find') echo '--port -p --file -f --json"), "and its options")
        let page = try home.succeed(["help", "--man"])
        XCTAssertTrue(page.contains(#".SS "termind known\-hosts find HOSTNAME"#), "the man page shows known-hosts find")
        let help = try home.succeed(["known-hosts", "find", "--help"])
        XCTAssertTrue(help.contains("--file"), help)
    }
}
