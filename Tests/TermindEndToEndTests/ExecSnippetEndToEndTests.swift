import Foundation
import TermindTestSupport
import XCTest

/// `termind exec --tag TAG --snippet NAME --var NAME=VALUE` against the rig's sshd: every Host
/// with the tag runs the Snippet with its variables filled; a variable without a value, a
/// Snippet or a tag the Vault lacks, and a Snippet given with a command are refused (exit 2)
/// before anything connects.
final class ExecSnippetEndToEndTests: XCTestCase {
    func testATaggedFanOutRunsTheSnippetWithItsValuesAndRefusesWhatIsMissing() throws {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        defer { server.stop() }
        let home = try VaultHome()
        try home.succeed(["keys", "import", "rig", "--file", server.clientPrivateKeyPath])
        try home.succeed(["identities", "add", "tester", "--user", server.username, "--key", "rig"])
        for (label, tag) in [("web", "prod"), ("db", "prod"), ("lab", "test")] {
            try home.succeed(["hosts", "add", label, "--hostname", server.host, "--port", String(server.port), "--identity", "tester", "--tag", tag])
        }
        try home.succeed(["snippets", "add", "say", "--script", "echo said-{{word}}-$((2+3))"])

        let ran = try home.run(["exec", "--batch", "--accept-new", "--tag", "prod", "--snippet", "say", "--var", "word=hi", "--json"])
        XCTAssertEqual(ran.status, 0, ran.stderr)
        let results = ran.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        XCTAssertEqual(Set(results.compactMap { $0["host"] as? String }), ["web", "db"], ran.stdout)
        XCTAssertEqual(results.compactMap { $0["stdout"] as? String }, ["said-hi-5\n", "said-hi-5\n"], ran.stdout)

        let missing = try home.run(["exec", "--batch", "web", "--snippet", "say"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("needs a value for {{word}}: add --var word=VALUE"), missing.stderr)
        let unknownTag = try home.run(["exec", "--batch", "--tag", "nope", "--", "true"])
        XCTAssertEqual(unknownTag.status, 2, unknownTag.stderr)
        XCTAssertTrue(unknownTag.stderr.contains("no Host has the tag 'nope'"), unknownTag.stderr)
        let unknownSnippet = try home.run(["exec", "--batch", "web", "--snippet", "nope"])
        XCTAssertEqual(unknownSnippet.status, 2, unknownSnippet.stderr)
        XCTAssertTrue(unknownSnippet.stderr.contains("no Snippet 'nope'"), unknownSnippet.stderr)
        let both = try home.run(["exec", "--batch", "web", "--snippet", "say", "--", "true"])
        XCTAssertEqual(both.status, 2, both.stderr)
        XCTAssertTrue(both.stderr.contains("not both"), both.stderr)
    }
}
