import Foundation
import TermindTestSupport
import XCTest

/// Two `termind` processes editing the same Vault at the same moment: each edit reads, checks
/// and writes in one transaction, so no edit is lost and no rule is broken between them.
final class VaultRaceEndToEndTests: XCTestCase {
    private var home: VaultHome!

    override func setUpWithError() throws { home = try VaultHome() }
    override func tearDown() { home = nil }

    private func shell(_ script: String) throws -> ChildProcess.Output { try home.bash(script) }

    func testTwoConcurrentEditsOfOneHostBothLand() throws {
        try home.succeed(["hosts", "add", "ce", "--hostname", "10.0.0.1"])
        let tries = 150
        // Each try: the port and the notes edited at once, then the Host as the Vault has it.
        let result = try shell("""
            for i in $(seq 1 \(tries)); do
              "$T" hosts edit ce --port $((2000 + i)) >/dev/null 2>&1 & a=$!
              "$T" hosts edit ce --notes "n$i" >/dev/null 2>&1 & b=$!
              wait $a; sa=$?; wait $b; sb=$?
              echo "try $i $sa $sb $("$T" hosts show ce --json | tr -d ' \\n')"
            done
            """)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, tries, result.stdout)
        var lost = 0
        for line in lines {
            let fields = line.split(separator: " ", maxSplits: 4).map(String.init)
            let attempt = Int(fields[1])!
            XCTAssertEqual(fields[2...3], ["0", "0"], "both edits must succeed: \(line)")
            let host = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(fields[4].utf8)) as? [String: Any])
            if host["port"] as? Int != 2000 + attempt || host["notes"] as? String != "n\(attempt)" { lost += 1 }
        }
        XCTAssertEqual(lost, 0, "edits lost in \(lost) of \(tries) tries")
    }

    func testTwoConcurrentJumpEditsNeverLeaveALoop() throws {
        try home.succeed(["hosts", "add", "la", "--hostname", "a.example"])
        try home.succeed(["hosts", "add", "lb", "--hostname", "b.example"])
        let tries = 100
        let result = try shell("""
            for i in $(seq 1 \(tries)); do
              "$T" hosts edit la --no-jump >/dev/null && "$T" hosts edit lb --no-jump >/dev/null || exit 9
              "$T" hosts edit la --jump lb >/dev/null 2>/tmp/termind-race-a.$$ & a=$!
              "$T" hosts edit lb --jump la >/dev/null 2>/tmp/termind-race-b.$$ & b=$!
              wait $a; sa=$?; wait $b; sb=$?
              la=$("$T" hosts show la --json | tr -d ' \\n'); lb=$("$T" hosts show lb --json | tr -d ' \\n')
              echo "$sa $sb $(cat /tmp/termind-race-a.$$ /tmp/termind-race-b.$$ | grep -c 'loops') $la $lb"
            done
            rm -f /tmp/termind-race-a.$$ /tmp/termind-race-b.$$
            """)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, tries, result.stdout)
        var loops = 0
        for line in lines {
            let fields = line.split(separator: " ").map(String.init)
            let statuses = Set(fields[0...1])
            XCTAssertEqual(statuses, ["0", "1"], "one edit lands and the other is refused: \(line)")
            XCTAssertEqual(fields[2], "1", "the refused edit says the chain loops: \(line)")
            if fields[3].contains("\"jumps\":[\"lb\"]") && fields[4].contains("\"jumps\":[\"la\"]") { loops += 1 }
        }
        XCTAssertEqual(loops, 0, "jump loops left in \(loops) of \(tries) tries")
    }
}
