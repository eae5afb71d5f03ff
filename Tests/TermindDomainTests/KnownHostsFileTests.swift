import Foundation
import TermindDomain
import XCTest

/// known_hosts text is read line by line as OpenSSH reads it; a bad line is skipped with a
/// warning naming file and line, never fatal, and the lines around it are still read.
final class KnownHostsFileTests: XCTestCase {
    private typealias Fixture = KnownHostsFixture

    func testReadsMarkerPatternKeyTypeKeyAndComment() {
        let text = [
            Fixture.line("db.example.com,192.0.2.7", "ssh-ed25519", seed: 1, comment: "added by hand"),
            Fixture.line("*", "ecdsa-sha2-nistp256", seed: 2, marker: "@revoked"),
            Fixture.line("*.example.com", "ssh-ed25519", seed: 3, marker: "@cert-authority", comment: "our CA"),
        ].joined(separator: "\n")
        let (records, warnings) = KnownHostsFile.parse(text, file: "known_hosts")

        XCTAssertEqual(warnings, [])
        XCTAssertEqual(records.map(\.pattern), ["db.example.com,192.0.2.7", "*", "*.example.com"])
        XCTAssertEqual(records.map(\.keyType), ["ssh-ed25519", "ecdsa-sha2-nistp256", "ssh-ed25519"])
        XCTAssertEqual(records.map(\.marker), [.none, .revoked, .certAuthority])
        XCTAssertEqual(records.map(\.comment), ["added by hand", "", "our CA"])
        XCTAssertEqual(records[0].keyBlob, Fixture.blob("ssh-ed25519", seed: 1))
    }

    func testBlankLinesAndCommentsAreIgnoredSilently() {
        let text = """
            # a comment

               \t
              # an indented comment
            \(Fixture.line("db.example.com", "ssh-ed25519", seed: 1))

            """
        let (records, warnings) = KnownHostsFile.parse(text, file: "known_hosts")
        XCTAssertEqual(records.count, 1)
        XCTAssertEqual(warnings, [])
    }

    func testBadLinesAreSkippedWithFileAndLineAndGoodLinesStillRead() {
        let good = Fixture.line("good.example.com", "ssh-ed25519", seed: 1)
        let ed25519Key = Data(Fixture.blob("ssh-ed25519", seed: 9)).base64EncodedString()
        let text = [
            good,  // 1
            "toofew.example.com ssh-ed25519",  // 2
            "badbase64.example.com ssh-ed25519 AAAA$$$$",  // 3
            "mismatch.example.com ecdsa-sha2-nistp256 \(ed25519Key)",  // 4
            "@trusted marker.example.com ssh-ed25519 \(ed25519Key)",  // 5
            "# fine",  // 6
            "|1|bm90IGEgc2FsdA==|AAAA ssh-ed25519 \(ed25519Key)",  // 7
            "@revoked @cert-authority twice.example.com ssh-ed25519 \(ed25519Key)",  // 8
            "lonely.example.com",  // 9
            "notakey.example.com ssh-ed25519 AAAA",  // 10
            Fixture.line("also-good.example.com", "ssh-ed25519", seed: 2),  // 11
        ].joined(separator: "\n")
        let (records, warnings) = KnownHostsFile.parse(text, file: "/home/me/.ssh/known_hosts")

        XCTAssertEqual(records.map(\.pattern), ["good.example.com", "also-good.example.com"])
        XCTAssertEqual(warnings.map(\.line), [2, 3, 4, 5, 7, 8, 9, 10])
        XCTAssertTrue(warnings.allSatisfy { $0.file == "/home/me/.ssh/known_hosts" })
        XCTAssertTrue(warnings[0].description.hasPrefix("/home/me/.ssh/known_hosts:2: skipped: "))
        XCTAssertTrue(warnings[2].reason.contains("ecdsa-sha2-nistp256"), warnings[2].reason)
        XCTAssertTrue(warnings[3].reason.contains("@trusted"), warnings[3].reason)
    }

    func testCRLFLineEndingsReadLikeLF() {
        let lines = [
            "# comment",
            Fixture.line("db.example.com", "ssh-ed25519", seed: 1, comment: "with comment"),
            "",
            "bad line",
            Fixture.line("web.example.com", "ssh-ed25519", seed: 2),
        ]
        let lf = KnownHostsFile.parse(lines.joined(separator: "\n"), file: "f")
        let crlf = KnownHostsFile.parse(lines.joined(separator: "\r\n") + "\r\n", file: "f")

        XCTAssertEqual(crlf.records.map(\.pattern), ["db.example.com", "web.example.com"])
        XCTAssertEqual(crlf.records.map(\.comment), ["with comment", ""])
        XCTAssertEqual(crlf.records.map(\.keyBlob), lf.records.map(\.keyBlob))
        XCTAssertEqual(crlf.warnings, lf.warnings)
        XCTAssertEqual(crlf.warnings.map(\.line), [4])
    }

    func testTabsAndRunsOfSpacesSeparateFields() {
        let key = Data(Fixture.blob("ssh-ed25519", seed: 1)).base64EncodedString()
        let (records, warnings) = KnownHostsFile.parse(
            "  @revoked \tdb.example.com \t ssh-ed25519\t\(key)   a  spaced comment  ", file: "f")
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(records.first?.marker, .revoked)
        XCTAssertEqual(records.first?.pattern, "db.example.com")
        XCTAssertEqual(records.first?.comment, "a  spaced comment")
    }

    func testFormattedLineReadsBackAsTheSameRecord() {
        let record = KnownHost(
            pattern: "[db.example.com]:2222", keyType: "ssh-ed25519", keyBlob: Fixture.blob("ssh-ed25519", seed: 4),
            marker: .certAuthority, comment: "CA")
        let line = KnownHostsLine.format(record)
        XCTAssertEqual(line, record.line)
        guard case .record(let read) = KnownHostsLine.read(line) else { return XCTFail("not read: \(line)") }
        XCTAssertEqual(
            [read.pattern, read.keyType, read.comment, read.marker.rawValue],
            [record.pattern, record.keyType, record.comment, record.marker.rawValue])
        XCTAssertEqual(read.keyBlob, record.keyBlob)
    }
}
