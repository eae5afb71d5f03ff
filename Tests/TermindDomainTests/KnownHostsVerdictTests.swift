import TermindDomain
import XCTest

/// The verdict on an offered host key (docs/behaviour.md §2): known, unknown (also for a new key type of a
/// known host), changed (a recorded type, another key) or revoked (which wins over everything).
final class KnownHostsVerdictTests: XCTestCase {
    private typealias Fixture = KnownHostsFixture
    private let ed25519 = "ssh-ed25519"
    private let ecdsa = "ecdsa-sha2-nistp256"

    private func matcher(_ lines: String...) -> KnownHostsMatcher {
        let (records, warnings) = KnownHostsFile.parse(lines.joined(separator: "\n"), file: "known_hosts")
        XCTAssertEqual(warnings, [])
        return KnownHostsMatcher(records: records)
    }

    private func verdict(
        _ matcher: KnownHostsMatcher, _ hostname: String, port: Int = 22, _ type: String, seed: UInt8
    ) -> HostKeyVerdict {
        matcher.verdict(hostname: hostname, port: port, keyType: type, keyBlob: Fixture.blob(type, seed: seed))
    }

    func testRecordedKeyOfAMatchingRecordIsKnown() {
        let known = matcher(
            Fixture.line("other.example.com", ed25519, seed: 1),
            Fixture.line("db.example.com,web.example.com", ed25519, seed: 2, comment: "db"))
        guard case .known(let record) = verdict(known, "web.example.com", ed25519, seed: 2) else {
            return XCTFail("expected known")
        }
        XCTAssertEqual(record.comment, "db")
    }

    func testUnrecordedHostIsUnknownWithNoRecordedTypes() {
        let known = matcher(Fixture.line("db.example.com", ed25519, seed: 1))
        XCTAssertEqual(verdict(known, "web.example.com", ed25519, seed: 1), .unknown(recordedKeyTypes: []))
        XCTAssertEqual(verdict(known, "db.example.com", port: 2222, ed25519, seed: 1), .unknown(recordedKeyTypes: []))
    }

    func testRevokedWinsEvenWhenAPlainRecordHoldsTheSameKey() {
        let known = matcher(
            Fixture.line("db.example.com", ed25519, seed: 1),
            Fixture.line("*", ed25519, seed: 1, marker: "@revoked", comment: "leaked"))
        guard case .revoked(let record) = verdict(known, "db.example.com", ed25519, seed: 1) else {
            return XCTFail("expected revoked")
        }
        XCTAssertEqual(record.marker, .revoked)
        XCTAssertEqual(record.comment, "leaked")
    }

    func testRevocationForAnotherHostDoesNotApply() {
        let known = matcher(
            Fixture.line("db.example.com", ed25519, seed: 1),
            Fixture.line("web.example.com", ed25519, seed: 1, marker: "@revoked"))
        guard case .known = verdict(known, "db.example.com", ed25519, seed: 1) else { return XCTFail("expected known") }
    }

    func testRevokedRecordsDoNotCountAsRecordedKeys() {
        let known = matcher(Fixture.line("db.example.com", ed25519, seed: 1, marker: "@revoked"))
        XCTAssertEqual(verdict(known, "db.example.com", ed25519, seed: 2), .unknown(recordedKeyTypes: []))
    }

    func testCertAuthorityRecordsNeverMatchPlainHostKeys() {
        let known = matcher(Fixture.line("*.example.com", ed25519, seed: 1, marker: "@cert-authority"))
        XCTAssertEqual(verdict(known, "db.example.com", ed25519, seed: 1), .unknown(recordedKeyTypes: []))
        XCTAssertEqual(verdict(known, "db.example.com", ed25519, seed: 2), .unknown(recordedKeyTypes: []))
        XCTAssertEqual(known.recordedKeyTypes(hostname: "db.example.com", port: 22), [])
        XCTAssertEqual(known.records.count, 1, "the @cert-authority record is kept")
    }

    func testNewKeyTypeForAKnownHostIsUnknownWithTheRecordedTypes() {
        let known = matcher(
            Fixture.line("db.example.com", "ssh-rsa", seed: 1),
            Fixture.line("db.example.com", ed25519, seed: 2),
            Fixture.line("*.example.com", "ssh-rsa", seed: 3))
        XCTAssertEqual(
            verdict(known, "db.example.com", ecdsa, seed: 4), .unknown(recordedKeyTypes: ["ssh-ed25519", "ssh-rsa"]))
    }

    func testDifferentKeyOfARecordedTypeIsChangedWithThoseRecords() {
        let known = matcher(
            Fixture.line("db.example.com", ed25519, seed: 1, comment: "first"),
            Fixture.line("db.example.com", ecdsa, seed: 2),
            Fixture.line("*.example.com", ed25519, seed: 3, comment: "wildcard"),
            Fixture.line("web.example.com", ed25519, seed: 4))
        guard case .changed(let records) = verdict(known, "db.example.com", ed25519, seed: 9) else {
            return XCTFail("expected changed")
        }
        XCTAssertEqual(records.map(\.comment), ["first", "wildcard"])
    }

    func testAnyMatchingRecordHoldingTheKeyMakesItKnownDespiteOthersOfTheSameType() {
        let known = matcher(
            Fixture.line("db.example.com", ed25519, seed: 1),
            Fixture.line("[db.example.com]:2222", ed25519, seed: 2))
        guard case .known = verdict(known, "db.example.com", port: 2222, ed25519, seed: 2) else {
            return XCTFail("expected known")
        }
        guard case .changed = verdict(known, "db.example.com", ed25519, seed: 2) else {
            return XCTFail("expected changed on port 22")
        }
    }

    func testNegatedRecordDoesNotVouchForItsExcludedHost() {
        let known = matcher(Fixture.line("*.example.com,!bad.example.com", ed25519, seed: 1))
        guard case .known = verdict(known, "good.example.com", ed25519, seed: 1) else { return XCTFail("expected known") }
        XCTAssertEqual(verdict(known, "bad.example.com", ed25519, seed: 1), .unknown(recordedKeyTypes: []))
    }

    func testRecordedKeyTypesFollowTheOrderFirstRecorded() {
        let known = matcher(
            Fixture.line("db.example.com", ecdsa, seed: 1),
            Fixture.line("*.example.com", ed25519, seed: 2),
            Fixture.line("db.example.com", ecdsa, seed: 3),
            Fixture.line("db.example.com", "ssh-rsa", seed: 4),
            Fixture.line("db.example.com", ed25519, seed: 5, marker: "@revoked"))
        XCTAssertEqual(known.recordedKeyTypes(hostname: "DB.example.com", port: 22), [ecdsa, ed25519, "ssh-rsa"])
        XCTAssertEqual(known.recordedKeyTypes(hostname: "db.example.com", port: 2222), [], "no record covers port 2222")
    }

    func testRSAKeyComparesAsSshRsaWhicheverSignatureAlgorithmIsNamed() {
        let known = matcher(Fixture.line("db.example.com", "ssh-rsa", seed: 1))
        let verdict = known.verdict(
            hostname: "db.example.com", port: 22, keyType: "rsa-sha2-512", keyBlob: Fixture.blob("ssh-rsa", seed: 1))
        guard case .known = verdict else { return XCTFail("expected known, got \(verdict)") }
    }
}
